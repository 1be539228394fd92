import { sql, type Kysely } from 'kysely';

/**
 * AI design proposals (part 1 "AI design proposals"; docs/ai-proposals.md).
 *
 * One table for both kinds: a `flow` proposal holds a scenario and the records it needs
 * (`content`: scenario, missing, notes); an `architecture` proposal holds model changes with
 * their decisions (`content`: items, dropped, notes). `model_version` is the version of main
 * (or of `branch_id`) the proposal was made against, moved on only by the proposal's own
 * record creations; `revise_scenario_hash` is the fingerprint of the scenario it revises.
 * The provider columns are null for a proposal submitted without AI. A project or branch
 * takes its proposals with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ai_proposals (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      kind text not null check (kind in ('flow', 'architecture')),
      status text not null check (status in ('open', 'accepted', 'rejected')),
      request text,
      submitted boolean not null,
      branch_id uuid references model_streams (id) on delete cascade,
      model_version integer not null,
      revise_scenario_id uuid,
      revise_scenario_hash text,
      selection jsonb,
      document jsonb,
      provider_id text,
      provider_kind text,
      model text,
      call_id text,
      content jsonb not null,
      scenario_id uuid,
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      decided_by text,
      decided_at timestamptz
    );
    create index ai_proposals_list_idx on ai_proposals (project_id, kind, created_at desc, id desc);
  `.execute(db);
}
