import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ShareLinksTable } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A share link as stored, without its token hash (nothing outside this file needs it). */
export interface ShareLinkRecord {
  id: string;
  projectId: string;
  viewId: string;
  passwordHash: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

const columns = ['id', 'project_id', 'view_id', 'password_hash', 'expires_at', 'revoked_at', 'created_by', 'created_at'] as const;

function recordOf(row: Pick<Selectable<ShareLinksTable>, (typeof columns)[number]>): ShareLinkRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    viewId: row.view_id,
    passwordHash: row.password_hash,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** Stores a new link of a view (the caller checked that the view is the project's). */
export async function insertShareLink(
  db: Db,
  input: { projectId: string; viewId: string; tokenHash: string; passwordHash: string | null; expiresAt: Date | null; createdBy: string | null },
  now: Date,
): Promise<ShareLinkRecord> {
  const row = await db
    .insertInto('share_links')
    .values({
      project_id: input.projectId,
      view_id: input.viewId,
      token_hash: input.tokenHash,
      password_hash: input.passwordHash,
      expires_at: input.expiresAt,
      created_by: input.createdBy,
      created_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return recordOf(row);
}

/** The links of a view, newest first, revoked and expired ones included. */
export async function listShareLinks(db: Db, projectId: string, viewId: string): Promise<ShareLinkRecord[]> {
  const rows = await db
    .selectFrom('share_links')
    .select(columns)
    .where('project_id', '=', projectId)
    .where('view_id', '=', viewId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(recordOf);
}

/** The link whose token has this hash, or undefined. */
export async function findShareLinkByTokenHash(db: Db, tokenHash: string): Promise<ShareLinkRecord | undefined> {
  const row = await db.selectFrom('share_links').select(columns).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

/**
 * Revokes a link of the project. Undefined when the project has no such link;
 * `newlyRevoked` false when it was revoked before (its first time is kept).
 */
export async function revokeShareLink(db: Db, projectId: string, linkId: string, now: Date): Promise<{ link: ShareLinkRecord; newlyRevoked: boolean } | undefined> {
  const revoked = await db
    .updateTable('share_links')
    .set({ revoked_at: now })
    .where('id', '=', linkId)
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
  if (revoked) return { link: recordOf(revoked), newlyRevoked: true };
  const earlier = await db.selectFrom('share_links').select(columns).where('id', '=', linkId).where('project_id', '=', projectId).executeTakeFirst();
  return earlier ? { link: recordOf(earlier), newlyRevoked: false } : undefined;
}
