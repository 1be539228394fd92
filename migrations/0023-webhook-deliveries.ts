import { sql, type Kysely } from 'kysely';

/**
 * Webhook deliveries of comment events (part 2 "Events"; docs/webhooks.md).
 *
 * - `webhook_events`: one row per event queued in the transaction that wrote its comment, with
 *   the exact bytes that are sent (`payload`, JSON text: the signature covers the raw body, so the
 *   bytes are fixed when queued) and where its delivery stands. `seq` orders the list newest
 *   first; `lease_until` keeps a second run of the job off an event while one is sending it.
 * - `webhook_delivery_attempts`: every try, numbered from 1: when, how long, and what came of it
 *   (a status code, a time-out, a network error, or why nothing was sent).
 *
 * An event goes with its workspace and its project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_events (
      id uuid primary key,
      seq bigint generated always as identity unique,
      workspace_id uuid not null references workspaces (id) on delete cascade,
      project_id uuid not null references projects (id) on delete cascade,
      type text not null check (type in ('comment.created', 'comment.mentioned', 'comment.resolved')),
      payload text not null,
      occurred_at timestamptz not null,
      queued_at timestamptz not null default now(),
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'not-sent')),
      attempts integer not null default 0,
      next_try_at timestamptz,
      lease_until timestamptz,
      finished_at timestamptz
    );
    create index webhook_events_workspace_idx on webhook_events (workspace_id, seq desc);
    create index webhook_events_project_idx on webhook_events (project_id);
    create index webhook_events_finished_idx on webhook_events (finished_at) where finished_at is not null;

    create table webhook_delivery_attempts (
      event_id uuid not null references webhook_events (id) on delete cascade,
      attempt integer not null check (attempt >= 1),
      started_at timestamptz not null,
      duration_ms integer not null check (duration_ms >= 0),
      target_origin text,
      outcome text not null check (outcome in ('delivered', 'http-status', 'timeout', 'network-error', 'no-url', 'url-refused', 'no-secret')),
      status_code integer,
      error text,
      primary key (event_id, attempt)
    );
  `.execute(db);
}
