import { sql, type Kysely } from 'kysely';

/**
 * Scenarios of a project. A deleted scenario keeps its row (and so its ID,
 * part 1: "a deleted scenario keeps its ID"), marked by `deleted_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scenarios (
      project_id uuid not null references projects (id) on delete cascade,
      id uuid not null,
      name text not null,
      document jsonb,
      origin jsonb,
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz,
      primary key (project_id, id)
    );
    create index scenarios_project_name_idx on scenarios (project_id, name, id) where deleted_at is null;
  `.execute(db);
}
