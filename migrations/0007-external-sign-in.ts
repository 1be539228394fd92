import { sql, type Kysely } from 'kysely';

/**
 * External sign-in (part 2 "Authentication"). An attempt lives from the
 * redirect to the provider until it completes or expires: the state sent to
 * the provider is stored hashed, and the callback records what the provider
 * said (the verified e-mail, or why there is none) for the complete step.
 * An identity links a provider account to the service account it created, so
 * that the next sign-in finds it; an account that existed before is never
 * linked ("no linking happens").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table external_sign_in_attempts (
      state_hash text primary key,
      provider text not null,
      redirect_uri text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      -- Filled by the callback.
      subject text,
      email text,
      name text,
      failure jsonb,
      called_back_at timestamptz,
      completed_at timestamptz
    );
    create index external_sign_in_attempts_expires_idx on external_sign_in_attempts (expires_at);

    create table external_identities (
      provider text not null,
      subject text not null,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null,
      primary key (provider, subject)
    );
    create index external_identities_user_idx on external_identities (user_id);
  `.execute(db);
}
