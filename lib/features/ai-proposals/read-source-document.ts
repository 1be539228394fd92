/**
 * A design document from a Source, for a proposal's data block
 * (docs/ai-proposals.md "Documents from a Source"). Read as the scans read
 * files: an upload Source's stored file, a folder Source's file under the
 * sources root (no link out of it followed), or for any other kind the text
 * the Source's latest scan kept. The content clearance of the scans applies
 * (lib/core/extract/content-clearance.ts): a file named like a secret is never
 * read, and a text holding one is never sent. Every document from a Source
 * counts as text of a private repository.
 */
import { lstat, open, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Kysely } from 'kysely';
import type { AiDataPart } from '../ai/ai-task';
import type { Database } from '../../platform/db/schema';
import { findSecretInText, isComposeDotenv, isSecretFileName } from '../../core/extract/content-clearance';
import { decodeUtf8, isBinary } from '../../core/extract/file-content';
import { NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { shortTextProblem } from '../../platform/text/text-rules';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { resolveFolderSourcePath } from '../sources/folder-source-path';
import { findSource } from '../sources/source-store';

export interface SourceDocumentContext {
  db: Kysely<Database>;
  /** Svc__SourcesRoot in the local profile, else null (folder Sources cannot be read). */
  sourcesRoot: string | null;
  /** The workspace's `import.maxFileBytes`: a larger document is refused, as a scan skips it. */
  maxFileBytes: number;
}

export interface SourceDocumentRequest {
  projectId: string;
  sourceId: string;
  path: string;
  /** The request's names of the two fields, for the errors. */
  fields: { source: string; path: string };
  /** How a Source or file that is not there answers: 404, or 400 naming the field (an endpoint whose table lists no 404). */
  missingAs: 'not-found' | 'invalid';
}

/** Why a repository path is refused, or null: relative, `/`-separated, no empty, `.` or `..` segment, no control character. */
export function documentPathProblem(path: string): string | null {
  if (path.length === 0 || path.length > 1000) return 'must be a path of 1 to 1000 characters';
  const text = shortTextProblem(path);
  if (text !== null) return text;
  if (path.startsWith('/') || path.includes('\\') || isAbsolute(path)) return 'must be a path relative to the Source, with / between folders';
  if (path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return 'must not hold empty, . or .. segments';
  return null;
}

async function readFolderFile(root: string, folderPath: string, path: string, maxBytes: number): Promise<Buffer | 'missing' | 'too-large'> {
  const resolved = await resolveFolderSourcePath(root, folderPath);
  if (!resolved.ok) return 'missing';
  let real: string;
  try {
    real = await realpath(join(resolved.folder, path));
  } catch {
    return 'missing';
  }
  const inside = relative(resolved.folder, real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return 'missing';
  const info = await lstat(real).catch(() => null);
  if (!info?.isFile()) return 'missing';
  if (info.size > maxBytes) return 'too-large';
  const handle = await open(real, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead > maxBytes ? 'too-large' : buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The text the Source's latest scan kept for the path (files that gave evidence), or undefined. */
async function keptByLatestScan(db: Kysely<Database>, sourceId: string, path: string): Promise<{ content: string | null; skipped: string | null } | undefined> {
  const row = await db
    .selectFrom('scan_files as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .select(['f.content', 'f.skipped_reason'])
    .where('s.source_id', '=', sourceId)
    .where('s.state', '=', 'completed')
    .where('f.path', '=', path)
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { content: row.content, skipped: row.skipped_reason } : undefined;
}

/**
 * The document as a data part (label `document <path>`, marked as text of a
 * private repository), or a `NotFoundError` or `ValidationError`: the Source
 * or file is not there (404, or 400 with `missingAs: 'invalid'`), or the file
 * is withheld, binary, not UTF-8 or over `maxFileBytes` (400 on the path field).
 */
export async function readSourceDocument(context: SourceDocumentContext, request: SourceDocumentRequest): Promise<AiDataPart> {
  const { fields } = request;
  const refusePath = (message: string) => new ValidationError('Document refused', [{ field: fields.path, message }]);
  const missing = (what: string, field: string, detail: string) =>
    request.missingAs === 'not-found' ? new NotFoundError(`${what} not found`, detail) : new ValidationError(`${what} not found`, [{ field, message: detail }]);

  const pathProblem = documentPathProblem(request.path);
  if (pathProblem !== null) throw refusePath(pathProblem);
  const source = await findSource(context.db, request.projectId, request.sourceId);
  if (!source) throw missing('Source', fields.source, 'names no Source of this project');
  // Content clearance by name: such a file is never read.
  // Compose's .env is read by scans only once cleared; as a document it is never sent anywhere.
  if (isSecretFileName(request.path) || isComposeDotenv(request.path)) throw refusePath('is a file that holds secrets by its name; it is never read or sent');

  let bytes: Buffer;
  if (source.kind === 'upload') {
    const row = await context.db.selectFrom('source_files').select('content').where('source_id', '=', source.id).where('path', '=', request.path).executeTakeFirst();
    if (!row) throw missing('Document', fields.path, 'names no file of the Source');
    bytes = Buffer.from(row.content, 'utf8');
  } else if (source.kind === 'directory') {
    if (context.sourcesRoot === null) throw missing('Document', fields.path, 'folder Sources can be read only in the local profile with Svc__SourcesRoot set');
    const read = await readFolderFile(context.sourcesRoot, source.path ?? '.', request.path, context.maxFileBytes);
    if (read === 'missing') throw missing('Document', fields.path, 'names no file in the Source\'s folder');
    if (read === 'too-large') throw refusePath(`is larger than import.maxFileBytes (${context.maxFileBytes} bytes)`);
    bytes = read;
  } else {
    const kept = await keptByLatestScan(context.db, source.id, request.path);
    if (kept?.skipped === 'secret') throw refusePath('holds secrets; its content is never read or sent');
    if (!kept || kept.content === null) throw missing('Document', fields.path, 'was not kept by the latest complete scan of the Source (only files that gave evidence are kept)');
    bytes = Buffer.from(kept.content, 'utf8');
  }
  if (bytes.byteLength > context.maxFileBytes) throw refusePath(`is larger than import.maxFileBytes (${context.maxFileBytes} bytes)`);
  if (isBinary(bytes)) throw refusePath('is a binary file, not a document');
  const text = decodeUtf8(bytes);
  if (text === null) throw refusePath('is not UTF-8 text');
  // Content clearance by content: a text holding a secret is never sent.
  if (findSecretInText(text) !== null) throw refusePath('holds a secret (content clearance); it is never sent');
  return { label: `document ${request.path}`, text, fromPrivateRepository: true };
}

/** readSourceDocument with the runtime's sources root and the workspace's `import.maxFileBytes`. */
export async function documentDataPart(runtime: ServiceRuntime, workspaceId: string, request: SourceDocumentRequest): Promise<AiDataPart> {
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId);
  return readSourceDocument({ db: runtime.db, sourcesRoot: runtime.config.sourcesRoot, maxFileBytes: settings.import.maxFileBytes }, request);
}
