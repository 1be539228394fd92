import { sql, type Kysely } from 'kysely';

/**
 * Cost sheets and saved estimates (part 1 "Cost sheets and estimates"; docs/costs.md).
 *
 * - `cost_sheets`: one per line of the model (a stream: main, a branch or a revision);
 *   `version` rises by one per change.
 * - `cost_resources`: what runs and costs money, tied to an element of that line;
 *   `quantity` is exact (`numeric`); `price_ref` names a workspace price (no foreign key:
 *   deleting a price in use is refused with 409 by the service, and a workspace deletion
 *   removes prices and projects together); `usage` holds the usage lines.
 * - `cost_assumptions`: the values a sheet rests on; `value` is the decimal string of a
 *   number, or the text given.
 * - `saved_estimates`: an estimate as it was computed (`estimate`), so later price changes do
 *   not rewrite it; it outlives the branch it was made on (`stream_id` set null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cost_sheets (
      stream_id uuid primary key references model_streams (id) on delete cascade,
      project_id uuid not null references projects (id) on delete cascade,
      version integer not null default 0,
      updated_at timestamptz not null
    );

    create table cost_resources (
      stream_id uuid not null references cost_sheets (stream_id) on delete cascade,
      id uuid not null,
      position integer not null,
      element_id uuid not null,
      name text not null,
      category text not null,
      provider text not null,
      region text,
      sku text,
      quantity numeric,
      unit text,
      price_ref uuid,
      usage jsonb,
      fact_status text,
      provenance jsonb,
      primary key (stream_id, id)
    );
    create index cost_resources_order_idx on cost_resources (stream_id, position);
    create index cost_resources_price_idx on cost_resources (price_ref) where price_ref is not null;

    create table cost_assumptions (
      stream_id uuid not null references cost_sheets (stream_id) on delete cascade,
      id uuid not null,
      position integer not null,
      name text not null,
      kind text not null,
      subject_id uuid,
      value text,
      unit text not null,
      label text not null,
      source text,
      effective_date date not null,
      primary key (stream_id, id)
    );
    create index cost_assumptions_order_idx on cost_assumptions (stream_id, position);

    create table saved_estimates (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      stream_id uuid references model_streams (id) on delete set null,
      line text not null,
      name text,
      as_of date not null,
      estimate jsonb not null,
      created_by text not null,
      created_at timestamptz not null
    );
    create index saved_estimates_project_idx on saved_estimates (project_id, created_at, id);
  `.execute(db);
}
