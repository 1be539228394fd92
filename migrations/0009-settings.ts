import { sql, type Kysely } from 'kysely';

/**
 * Instance settings (`policy`, `defaults`) and workspace settings
 * (`overrides`), each with its own integer `version` (part 2 "Settings
 * document"). No row means never saved: the built-in policy and defaults of
 * the profile apply, at version 0 (docs/settings.md). The instance table holds
 * at most one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table instance_settings (
      id boolean primary key default true check (id),
      policy jsonb not null,
      defaults jsonb not null,
      version integer not null check (version > 0),
      updated_at timestamptz not null
    );

    create table workspace_settings (
      workspace_id uuid primary key references workspaces (id) on delete cascade,
      overrides jsonb not null,
      version integer not null check (version > 0),
      updated_at timestamptz not null
    );
  `.execute(db);
}
