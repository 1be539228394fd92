import { sql, type Kysely } from 'kysely';

/**
 * Load tests (part 1 "Load tests"; docs/load-tests.md).
 *
 * - `load_test_targets`: what a script sends load to, an operation or a call step of a
 *   scenario; the authorisation (`base_url`, `environment`, the main `model_version` it was
 *   given against) and the override (non-idempotent calls, failure injection) with its reason.
 * - `stress_profiles`: the load shape a script drives (seeded from `simulation.*` when made,
 *   never read from the settings again).
 * - `load_test_scripts`: generated k6 scripts, one per (target, profile, content): the same
 *   inputs give the same text, so the content hash finds the record again.
 * - `stress_runs`: runs marked running; the count of those not finished and not expired is held
 *   to `policy.maxConcurrentStressRuns` over every workspace and instance (under an advisory lock).
 * - `load_test_results`: what a load tool measured, read into per-operation figures
 *   (`measurements`), with the body as it was read (`raw`, JSON text: jsonb cannot hold every
 *   string JSON can, such as U+0000) and its provenance.
 *
 * A target takes its scripts, results and runs with it; a profile a script uses cannot be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table load_test_targets (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      kind text not null check (kind in ('operation', 'scenario-step')),
      subject_id uuid not null,
      step_id text,
      name text not null,
      base_url text,
      environment text,
      authorised_version bigint,
      authorised_by text,
      authorised_at timestamptz,
      allow_non_idempotent boolean not null default false,
      allow_failure_injection boolean not null default false,
      override_reason text,
      override_by text,
      override_at timestamptz,
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index load_test_targets_project_idx on load_test_targets (project_id, created_at, id);

    create table stress_profiles (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      name text not null,
      shape text not null check (shape in ('ramp', 'steady', 'spike', 'soak')),
      seed integer not null,
      duration_seconds integer not null,
      warm_up_seconds integer not null,
      arrival_rate_per_second double precision not null,
      peak_rate_per_second double precision not null,
      virtual_users integer not null,
      created_by text not null,
      created_at timestamptz not null
    );
    create index stress_profiles_project_idx on stress_profiles (project_id, created_at, id);

    create table load_test_scripts (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      target_id uuid not null references load_test_targets (id) on delete cascade,
      profile_id uuid not null references stress_profiles (id) on delete restrict,
      branch_id uuid,
      model_version bigint not null,
      operation_id uuid not null,
      base_url text not null,
      environment text,
      content_hash text not null,
      file_name text not null,
      content text not null,
      created_by text not null,
      created_at timestamptz not null,
      unique (target_id, profile_id, content_hash)
    );
    create index load_test_scripts_project_idx on load_test_scripts (project_id, created_at, id);

    create table stress_runs (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      workspace_id uuid not null,
      script_id uuid not null references load_test_scripts (id) on delete cascade,
      started_by text not null,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      finished_at timestamptz
    );
    create index stress_runs_project_idx on stress_runs (project_id, started_at, id);
    create index stress_runs_running_idx on stress_runs (expires_at) where finished_at is null;

    create table load_test_results (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      target_id uuid not null references load_test_targets (id) on delete cascade,
      script_id uuid not null references load_test_scripts (id) on delete cascade,
      stress_run_id uuid references stress_runs (id) on delete set null,
      format text not null,
      tool text not null,
      run_at timestamptz not null,
      environment text,
      measurements jsonb not null,
      raw text not null,
      created_by text not null,
      created_at timestamptz not null
    );
    create index load_test_results_project_idx on load_test_results (project_id, created_at, id);
    create unique index load_test_results_run_idx on load_test_results (stress_run_id) where stress_run_id is not null;
  `.execute(db);
}
