import { sql, type Kysely } from 'kysely';

/**
 * Platform tables: accounts (so start-up knows whether first-run setup is
 * still due) and the session key ring, whose rows are encrypted under a
 * master key and carry that key's ID.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      name text not null,
      password_hash text,
      is_instance_admin boolean not null default false,
      failed_login_count integer not null default 0,
      locked_until timestamptz,
      created_at timestamptz not null default now()
    );
    create unique index users_email_key on users (lower(email));

    create table session_keys (
      id uuid primary key default gen_random_uuid(),
      master_key_id text not null,
      ciphertext bytea not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}
