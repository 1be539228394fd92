import { sql, type Kysely } from 'kysely';

/**
 * Promises (requirements) of a project. A promise has a requirement number
 * (`R<n>`, unique per project) and revisions: at most one draft and at most
 * one in force at a time; approving the draft puts it in force and the former
 * in-force revision becomes superseded. Obligations live inside a revision
 * (JSON), keyed O1, O2… per promise and never reused; the promise row keeps
 * every obligation it ever had, so a key dropped from a draft and named again
 * is the same obligation. Runs are append-only:
 * a trigger refuses every UPDATE (a project delete still removes them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promises (
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      requirement_number integer not null check (requirement_number > 0),
      origin text not null check (origin in ('manual', 'agent', 'generated')),
      next_obligation_number integer not null default 1,
      -- Every obligation any revision (or replaced draft) ever held, latest form, so a key comes back as itself.
      known_obligations jsonb not null default '[]',
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (project_id, requirement_number)
    );

    create table promise_revisions (
      promise_id uuid not null references promises (id) on delete cascade,
      revision integer not null check (revision > 0),
      status text not null check (status in ('draft', 'in-force', 'superseded')),
      title text not null,
      text text not null,
      links jsonb not null,
      obligations jsonb not null,
      content_hash text not null,
      last_changed_by text not null,
      last_changed_at timestamptz not null,
      approved_by text,
      approved_at timestamptz,
      primary key (promise_id, revision)
    );
    create unique index promise_revisions_one_draft on promise_revisions (promise_id) where status = 'draft';
    create unique index promise_revisions_one_in_force on promise_revisions (promise_id) where status = 'in-force';

    create table promise_runs (
      seq bigint generated always as identity primary key,
      id uuid not null unique,
      promise_id uuid not null references promises (id) on delete cascade,
      obligation_id uuid not null,
      promise_revision integer not null,
      result text not null check (result in ('passed', 'failed', 'not-run', 'unsupported')),
      scope text not null,
      environment text,
      model_revision integer,
      commit_sha text,
      evidence jsonb not null,
      limitations jsonb not null,
      detail text not null,
      inputs jsonb not null,
      assertions jsonb not null,
      draft boolean not null,
      started_by text not null,
      actor text not null,
      at timestamptz not null
    );
    create index promise_runs_obligation_idx on promise_runs (promise_id, obligation_id, seq desc);
    create index promise_runs_promise_idx on promise_runs (promise_id, seq desc);

    create function promise_runs_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'promise runs are append-only';
    end;
    $$;
    create trigger promise_runs_no_update before update on promise_runs
      for each row execute function promise_runs_append_only();
  `.execute(db);
}
