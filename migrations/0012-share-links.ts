import { sql, type Kysely } from 'kysely';

/**
 * Share links of views (docs/sharing.md): only the SHA-256 of the token is
 * kept (the token is shown once), the password as a scrypt hash like account
 * passwords. A link goes with its view and its project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      view_id uuid not null references views (id) on delete cascade,
      token_hash text not null unique,
      password_hash text,
      expires_at timestamptz,
      revoked_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null
    );
    create index share_links_view_idx on share_links (view_id, created_at);
    create index share_links_project_idx on share_links (project_id);
  `.execute(db);
}
