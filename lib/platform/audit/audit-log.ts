import type { Kysely, Transaction } from 'kysely';
import type { MasterKeyring } from '../crypto/master-key';
import type { Database } from '../db/schema';
import { decodeCursor, encodeCursor } from '../http/cursor';
import type { AuditEntry as AuditEntryAnswer } from '../../../contracts/account';

type Db = Kysely<Database> | Transaction<Database>;

/** One row of the audit log; `detail` must never hold a secret. */
export interface AuditEntry {
  /** Null for an entry of the instance (setup, sign-in, `keys forget`). */
  workspaceId: string | null;
  /** `user:<id>`, `agent-token:<id>`, `operator`, or `address:<client address>` for a client not signed in (a sign-in lock). */
  actor: string;
  action: string;
  detail: Record<string, unknown>;
  at: Date;
}

/** The one writer of the audit log. */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ workspace_id: entry.workspaceId, actor: entry.actor, action: entry.action, detail: JSON.stringify(entry.detail), at: entry.at })
    .execute();
}

/** An entry as the audit endpoints answer it. */
export type AuditEntryView = AuditEntryAnswer;

/**
 * A page of the log, newest first: of one workspace, or (`workspaceId`
 * undefined) of the whole instance. `before` is the ID the previous page
 * ended at.
 */
export async function listAuditEntries(db: Db, input: { workspaceId?: string; before: string | null; limit: number }): Promise<{ items: AuditEntryView[]; hasMore: boolean }> {
  let query = db.selectFrom('audit_log').select(['id', 'workspace_id', 'actor', 'action', 'detail', 'at']).orderBy('id', 'desc').limit(input.limit + 1);
  if (input.workspaceId !== undefined) query = query.where('workspace_id', '=', input.workspaceId);
  if (input.before !== null) query = query.where('id', '<', input.before);
  const rows = await query.execute();
  const items = rows.slice(0, input.limit).map((row) => ({
    id: String(row.id),
    workspaceId: row.workspace_id,
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    at: row.at.toISOString(),
  }));
  return { items, hasMore: rows.length > input.limit };
}

/** One page of W/audit or /api/instance/audit: `{items, nextCursor}` with a signed cursor bound to the log it pages. */
export async function auditPage(db: Db, keyring: MasterKeyring, input: { workspaceId?: string; cursor: string | undefined; limit: number }) {
  const scope = input.workspaceId === undefined ? 'audit:instance' : `audit:${input.workspaceId}`;
  const before = input.cursor ? decodeCursor<string>(keyring, scope, input.cursor) : null;
  const page = await listAuditEntries(db, { workspaceId: input.workspaceId, before, limit: input.limit });
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(keyring, scope, last.id) : null };
}
