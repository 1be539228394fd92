import { sql, type Kysely } from 'kysely';

/**
 * The model. A stream is one line of the model of a project: `main` (its ID
 * is the project's ID), a `draft` or `variant` branch, or a frozen
 * `revision`. Each record is stored as its model-document JSON body, keyed by
 * (stream, ID): an ID names one record of one kind in a stream. Every
 * committed change raises the stream's `model_version` by one and appends a
 * row to the change history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table model_streams (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      kind text not null check (kind in ('main', 'draft', 'variant', 'revision')),
      name text not null,
      model_version integer not null default 0,
      base_version integer,
      created_by text,
      created_at timestamptz not null
    );
    create unique index model_streams_one_main on model_streams (project_id) where kind = 'main';
    create index model_streams_project_idx on model_streams (project_id, kind, created_at);

    insert into model_streams (id, project_id, kind, name, created_at)
      select id, id, 'main', 'main', created_at from projects;

    create table model_entities (
      stream_id uuid not null references model_streams (id) on delete cascade,
      id uuid not null,
      kind text not null check (kind in ('element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding')),
      body jsonb not null,
      primary key (stream_id, id)
    );
    create index model_entities_kind_idx on model_entities (stream_id, kind, id);
    create index model_entities_schema_id_idx on model_entities (id) where kind = 'schema';
    -- Who refers to an element: the agent tools read these per request.
    create index model_entities_from_idx on model_entities (stream_id, (body->>'fromId')) where kind = 'relationship';
    create index model_entities_to_idx on model_entities (stream_id, (body->>'toId')) where kind = 'relationship';
    create index model_entities_producer_idx on model_entities (stream_id, (body->>'producerId')) where kind = 'message';
    create index model_entities_consumers_idx on model_entities using gin ((body->'consumerIds')) where kind = 'message';
    create index model_entities_name_idx on model_entities (stream_id, kind, lower(body->>'name'));

    create table model_changes (
      stream_id uuid not null references model_streams (id) on delete cascade,
      version integer not null,
      actor text not null,
      at timestamptz not null,
      summary text not null,
      entries jsonb not null,
      primary key (stream_id, version)
    );

    create table views (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      name text not null,
      root_element_id uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index views_project_idx on views (project_id, name, id);

    create table view_positions (
      view_id uuid not null references views (id) on delete cascade,
      element_id uuid not null,
      x double precision not null,
      y double precision not null,
      primary key (view_id, element_id)
    );
  `.execute(db);
}
