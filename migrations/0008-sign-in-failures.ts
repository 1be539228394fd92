import { sql, type Kysely } from 'kysely';

/**
 * Failed password sign-ins counted per account and client address, so that an
 * attacker's failures lock out only the attacker (docs/sign-in.md). One row
 * per (account, client key): the failures since the last lock or success, how
 * many locks came one after another (each lasts longer), and the lock's end.
 * A second table counts an account's failures from every address over an hour,
 * for the ceiling that slows a many-address attack. The per-account columns of
 * `users` are no longer written; they stay, because a migration removes no
 * data (part 2 "Versioning").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_failures (
      user_id uuid not null references users (id) on delete cascade,
      client_key text not null,
      failures integer not null,
      locks integer not null,
      locked_until timestamptz,
      last_failure_at timestamptz not null,
      primary key (user_id, client_key)
    );
    create index sign_in_failures_last_failure_idx on sign_in_failures (last_failure_at);

    create table sign_in_account_failures (
      user_id uuid primary key references users (id) on delete cascade,
      window_started_at timestamptz not null,
      failures integer not null
    );
    create index sign_in_account_failures_window_idx on sign_in_account_failures (window_started_at);

    comment on column users.failed_login_count is 'Not written since 0008-sign-in-failures; kept because migrations remove no data.';
    comment on column users.locked_until is 'Not written since 0008-sign-in-failures; kept because migrations remove no data.';
  `.execute(db);
}
