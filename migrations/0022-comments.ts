import { sql, type Kysely } from 'kysely';

/**
 * Comment threads, their comments, questions and decisions (part 1 "Comments"; docs/comments.md).
 *
 * - `comment_threads`: a conversation on one target of a project (a model record, scenario,
 *   view, proposal or cost resource), on main (`draft_id` null) or inside a draft; open or
 *   resolved. `seq` is the list order (newest first), stable for cursors.
 * - `comments`: the words of a thread in order (`position` 1, 2, …, given under the thread's
 *   row lock). A deleted comment keeps its row as a tombstone: `body` null, `deleted_at`,
 *   `deleted_by`, so the thread still reads in order. `mentions` are user IDs of workspace members.
 * - `comment_questions`: at most one question record per thread.
 * - `comment_decisions`: append-only. A later decision on the same target (and line) supersedes
 *   the one in force: the new row names it in `supersedes`, the old row gets `superseded_by`
 *   (checked at commit: the old row is marked before the new one is written, so the in-force
 *   index never sees two);
 *   a trigger refuses every other change. At most one decision per target and line is in force.
 *
 * IDs are unique across projects: a create naming another project's ID is refused (409).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table comment_threads (
      seq bigint generated always as identity unique,
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      draft_id uuid references model_streams (id) on delete cascade,
      target_kind text not null check (target_kind in ('element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding', 'scenario', 'view', 'proposal', 'cost-resource')),
      target_id uuid not null,
      status text not null check (status in ('open', 'resolved')),
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      resolved_by text,
      resolved_at timestamptz
    );
    create index comment_threads_project_idx on comment_threads (project_id, seq);
    create index comment_threads_target_idx on comment_threads (project_id, target_id, seq);

    create table comments (
      id uuid primary key,
      thread_id uuid not null references comment_threads (id) on delete cascade,
      position integer not null check (position > 0),
      body text,
      mentions uuid[] not null default '{}',
      author_user_id uuid not null,
      created_at timestamptz not null,
      edited_at timestamptz,
      deleted_at timestamptz,
      deleted_by text,
      unique (thread_id, position),
      check ((body is null) = (deleted_at is not null))
    );

    create table comment_questions (
      id uuid primary key,
      thread_id uuid not null unique references comment_threads (id) on delete cascade,
      raised_by text not null,
      raised_at timestamptz not null
    );

    create table comment_decisions (
      seq bigint generated always as identity unique,
      id uuid primary key,
      project_id uuid not null references projects (id) on delete cascade,
      thread_id uuid not null references comment_threads (id) on delete cascade,
      draft_id uuid,
      target_kind text not null,
      target_id uuid not null,
      title text not null,
      decision text not null,
      decided_by text not null,
      decided_at timestamptz not null,
      supersedes uuid references comment_decisions (id),
      superseded_by uuid references comment_decisions (id) deferrable initially deferred
    );
    create index comment_decisions_target_idx on comment_decisions (project_id, target_id, seq);
    create index comment_decisions_thread_idx on comment_decisions (thread_id, seq);
    create unique index comment_decisions_in_force on comment_decisions (project_id, coalesce(draft_id, project_id), target_kind, target_id) where superseded_by is null;

    create function comment_decisions_append_only() returns trigger language plpgsql as $$
    begin
      if old.superseded_by is null and new.superseded_by is not null
         and (to_jsonb(new) - 'superseded_by') = (to_jsonb(old) - 'superseded_by') then
        return new;
      end if;
      raise exception 'comment decisions are append-only: only superseded_by may be set, once';
    end;
    $$;
    create trigger comment_decisions_append_only before update on comment_decisions
      for each row execute function comment_decisions_append_only();
  `.execute(db);
}
