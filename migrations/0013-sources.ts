import { sql, type Kysely } from 'kysely';

/**
 * Sources, scans and proposals (part 2 "Sources", "Scans and proposals";
 * docs/sources.md).
 *
 * - `sources`: where evidence comes from; found by the slug of its name.
 * - `scans`: one row per requested scan, queued in the graphile-worker queue
 *   (task `run-scan`). `host` is the git host kind the per-host limit counts
 *   (null for folders, archives and uploads); `limits` the import limits that
 *   applied when it was requested; `heartbeat_at` lets a sweep tell a scan
 *   whose worker died from one still running.
 * - `scan_facts`: the facts a scan extracted (the extraction wire format).
 * - `scan_files`: the files a scan read or skipped, with the text of files that
 *   gave evidence (for the source window) unless clearance withheld them.
 * - `proposals`: the adds, changes and removals a scan proposes against main.
 * - `fact_bindings`: which model record an accepted fact of a Source became,
 *   so later scans compare against it and mark it stale.
 * - `snapshots`: the fact set of each completed scan of a Source, for compare.
 * - `source_files`: the model files uploaded to an `upload` Source (its scans read them all).
 * - `scan_archives`: an uploaded archive until its scan has read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sources (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      kind text not null,
      name text not null,
      slug text not null,
      repository text,
      path text,
      account_id text,
      region text,
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index sources_project_slug on sources (project_id, slug);

    create table scans (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      workspace_id uuid not null,
      source_id uuid references sources (id) on delete set null,
      host text,
      state text not null check (state in ('queued', 'running', 'completed', 'failed', 'cancelled')),
      request jsonb not null,
      limits jsonb not null,
      commit_sha text,
      is_complete boolean,
      extraction_gap text,
      files_listed integer not null default 0,
      files_read integer not null default 0,
      bytes_read bigint not null default 0,
      skipped jsonb not null default '[]',
      error text,
      attempts integer not null default 0,
      requested_by text not null,
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz,
      heartbeat_at timestamptz
    );
    create index scans_project_idx on scans (project_id, created_at desc, id desc);
    create index scans_running_host_idx on scans (workspace_id, host) where state = 'running';
    create index scans_workspace_day_idx on scans (workspace_id, created_at);

    create table scan_facts (
      scan_id uuid not null references scans (id) on delete cascade,
      key text not null,
      kind text not null,
      fact jsonb not null,
      primary key (scan_id, key)
    );

    create table scan_files (
      scan_id uuid not null references scans (id) on delete cascade,
      path text not null,
      blob_sha text,
      size bigint,
      skipped_reason text,
      content text,
      primary key (scan_id, path)
    );

    create table proposals (
      id uuid primary key,
      scan_id uuid not null references scans (id) on delete cascade,
      project_id uuid not null,
      fact_key text not null,
      action text not null check (action in ('add', 'change', 'remove')),
      entity_kind text not null,
      entity_id uuid,
      proposed jsonb,
      current jsonb,
      status text not null check (status in ('pending', 'accepted', 'rejected', 'superseded')),
      decided_by text,
      decided_at timestamptz
    );
    create index proposals_scan_idx on proposals (scan_id, status, id);

    create table fact_bindings (
      source_id uuid not null references sources (id) on delete cascade,
      fact_key text not null,
      project_id uuid not null,
      entity_kind text not null,
      entity_id uuid not null,
      primary key (source_id, fact_key)
    );
    create index fact_bindings_entity_idx on fact_bindings (project_id, entity_id);

    create table snapshots (
      id uuid primary key,
      source_id uuid not null references sources (id) on delete cascade,
      scan_id uuid not null references scans (id) on delete cascade,
      commit_sha text,
      is_complete boolean not null,
      facts jsonb not null,
      created_at timestamptz not null
    );
    create index snapshots_source_idx on snapshots (source_id, created_at desc);

    create table source_files (
      source_id uuid not null references sources (id) on delete cascade,
      path text not null,
      content text not null,
      updated_by text not null,
      updated_at timestamptz not null,
      primary key (source_id, path)
    );

    create table scan_archives (
      scan_id uuid primary key references scans (id) on delete cascade,
      format text not null check (format in ('zip', 'tar.gz', 'tar')),
      content bytea not null
    );
  `.execute(db);
}
