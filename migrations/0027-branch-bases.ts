import { sql, type Kysely } from 'kysely';

/**
 * What a merge needs to tell who changed a record (docs/change-review.md "Merge"):
 *
 * - `branch_base_entities`: the records of main a draft or variant was copied from, kept as they
 *   were at its `base_version`, so a merge can compare main and the branch with their common
 *   starting point. Written when a branch is made; gone with the branch.
 * - `model_streams.base_kept`: whether that copy exists. Branches made before this migration
 *   have none (their base cannot be read back: the change history names records, not their
 *   contents), and a merge of one treats every record that differs on both sides as a conflict.
 * - `model_streams.merged_at`, `merged_by`, `merged_version`: a branch merged into main stays,
 *   read only, with its comments, and says when, by whom, and which main version the merge made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table model_streams
      add column base_kept boolean not null default false,
      add column merged_at timestamptz,
      add column merged_by text,
      add column merged_version integer;

    create table branch_base_entities (
      branch_id uuid not null references model_streams (id) on delete cascade,
      id uuid not null,
      kind text not null,
      body jsonb not null,
      primary key (branch_id, id)
    );
  `.execute(db);
}
