import type { Kysely } from 'kysely';
import type { EvidenceItem, SourceWindow } from '../../../contracts/scans';
import type { Database } from '../../platform/db/schema';
import { ForbiddenError, NotFoundError } from '../../platform/errors/service-error';
import type { ScanFact } from './scan-fact';

/** Skip reasons whose content is withheld from every answer (docs/extraction.md "Content clearance"). */
const withheldReasons = new Set(['secret']);

/** Lines a source window shows at most. */
export const maxWindowLines = 500;

/** The evidence of a scan's facts (of one fact with `factKey`), in fact-key order, `limit` from position `after`. */
export async function evidencePage(db: Kysely<Database>, scanId: string, factKey: string | null, after: number, limit: number): Promise<{ items: EvidenceItem[]; next: number | null }> {
  let query = db.selectFrom('scan_facts').select(['key', 'fact']).where('scan_id', '=', scanId);
  if (factKey !== null) query = query.where('key', '=', factKey);
  const rows = await query.orderBy('key').execute();
  const all: EvidenceItem[] = [];
  for (const row of rows) {
    const fact = row.fact as ScanFact;
    for (const e of fact.evidence) all.push({ factKey: fact.key, kind: fact.kind, factStatus: fact.factStatus, confidence: fact.confidence, path: e.path, startLine: e.startLine, endLine: e.endLine });
  }
  const items = all.slice(after, after + limit);
  return { items, next: after + limit < all.length ? after + limit : null };
}

/**
 * Lines `startLine`..`endLine` of a file the scan read, kept because it gave
 * evidence. A file the content clearance withheld answers 403 and never its
 * text; a window is at most 500 lines.
 */
export async function sourceWindow(db: Kysely<Database>, scanId: string, request: { path: string; startLine: number; endLine: number }): Promise<SourceWindow> {
  const file = await db.selectFrom('scan_files').select(['skipped_reason', 'content']).where('scan_id', '=', scanId).where('path', '=', request.path).executeTakeFirst();
  if (!file) throw new NotFoundError('File not in this scan', `The scan did not list ${request.path}.`);
  if (file.skipped_reason !== null && withheldReasons.has(file.skipped_reason)) throw new ForbiddenError('Content withheld', `${request.path} may hold secrets; its content is never read or shown.`);
  if (file.content === null) throw new NotFoundError('File content not kept', `Only files that gave evidence are kept; ${request.path} ${file.skipped_reason ? `was skipped (${file.skipped_reason})` : 'gave none'}.`);
  const lines = file.content.split(/\r?\n/);
  const endLine = Math.min(request.endLine, request.startLine + maxWindowLines - 1, lines.length);
  return { path: request.path, startLine: request.startLine, endLine: Math.max(endLine, request.startLine - 1), totalLines: lines.length, lines: lines.slice(request.startLine - 1, endLine) };
}
