import { sql, type Kysely } from 'kysely';

/**
 * Rate limits as a sliding log: per bucket, the times of the calls that were
 * allowed within the last window, oldest first, so that "10 calls per minute"
 * holds for every 60 seconds, not per clock minute. `expires_at` is the newest
 * allowed call plus the window: after it the row counts nothing and may go.
 * The fixed-window table of 0002 is no longer written; it stays, because a
 * migration removes no data (part 2 "Versioning").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_log (
      bucket text primary key,
      hits timestamptz[] not null,
      allowed boolean not null,
      expires_at timestamptz not null
    );
    create index rate_limit_log_expires_idx on rate_limit_log (expires_at);
    comment on table rate_limit_windows is 'Not written since 0006-rate-limit-log; kept because migrations remove no data.';
  `.execute(db);
}
