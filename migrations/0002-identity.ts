import { sql, type Kysely } from 'kysely';

/**
 * Identity and tenancy: sessions, workspaces with members and invitations,
 * projects, agent tokens, rate-limit windows shared by every instance, and
 * the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sessions (
      id_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index sessions_user_id_idx on sessions (user_id);
    create index sessions_expires_at_idx on sessions (expires_at);

    create table workspaces (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      created_at timestamptz not null default now()
    );

    create table workspace_members (
      workspace_id uuid not null references workspaces (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      role text not null check (role in ('viewer', 'editor', 'owner')),
      created_at timestamptz not null default now(),
      primary key (workspace_id, user_id)
    );
    create index workspace_members_user_id_idx on workspace_members (user_id);

    create table invitations (
      id uuid primary key default gen_random_uuid(),
      workspace_id uuid not null references workspaces (id) on delete cascade,
      email text not null,
      role text not null check (role in ('viewer', 'editor', 'owner')),
      secret_hash text not null,
      status text not null check (status in ('open', 'accepted', 'declined', 'revoked')),
      invited_by uuid references users (id) on delete set null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      decided_at timestamptz
    );
    create index invitations_workspace_idx on invitations (workspace_id, status);
    create index invitations_email_idx on invitations (lower(email), status);

    create table projects (
      id uuid primary key default gen_random_uuid(),
      workspace_id uuid not null references workspaces (id) on delete cascade,
      name text not null,
      description text,
      created_at timestamptz not null default now()
    );
    create index projects_workspace_name_idx on projects (workspace_id, name, id);

    create table agent_tokens (
      id uuid primary key default gen_random_uuid(),
      workspace_id uuid not null references workspaces (id) on delete cascade,
      project_id uuid references projects (id) on delete cascade,
      name text not null,
      scopes text[] not null,
      token_hash text not null unique,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null,
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz
    );
    create index agent_tokens_workspace_idx on agent_tokens (workspace_id);

    create table rate_limit_windows (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (bucket, window_start)
    );
    create index rate_limit_windows_start_idx on rate_limit_windows (window_start);

    create table audit_log (
      id bigint generated always as identity primary key,
      workspace_id uuid references workspaces (id) on delete set null,
      actor text not null,
      action text not null,
      detail jsonb not null default '{}'::jsonb,
      at timestamptz not null
    );
    create index audit_log_workspace_idx on audit_log (workspace_id, id);
  `.execute(db);
}
