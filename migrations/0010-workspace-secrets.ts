import { sql, type Kysely } from 'kysely';

/**
 * Workspace credentials (part 2 "Credentials"): one row per workspace and
 * secret name, the value encrypted with AES-256-GCM under a master key whose
 * ID is stored beside it (so start-up and `keys forget` can count rows by
 * key), and the origin the value was saved for (a secret is only ever sent to
 * that origin; docs/secrets.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workspace_secrets (
      workspace_id uuid not null references workspaces (id) on delete cascade,
      name text not null,
      origin text,
      master_key_id text not null,
      ciphertext bytea not null,
      updated_by text not null,
      updated_at timestamptz not null,
      primary key (workspace_id, name)
    );
    create index workspace_secrets_master_key_idx on workspace_secrets (master_key_id);
  `.execute(db);
}
