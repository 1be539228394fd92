import { sql, type Kysely } from 'kysely';

/**
 * The job worker's sign of life for `GET /api/instance/diagnostics`: one row
 * per kind of worker (`local`, the runner inside the single container, every
 * few seconds; `scheduled`, the worker function, once per invocation), holding
 * the time of its last beat (docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table worker_heartbeats (
      worker text primary key,
      beat_at timestamptz not null
    );
  `.execute(db);
}
