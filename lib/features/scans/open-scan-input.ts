import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import { readGitHead } from '../../core/extract/read-git-head';
import { walkDirectory } from '../../core/extract/walk-directory';
import { readArchive } from '../sources/archive/read-archive';
import { resolveFolderSourcePath } from '../sources/folder-source-path';
import { isGitHostKind } from '../sources/source-kinds';
import { workspaceHostClient } from '../sources/workspace-host-client';
import { openNewRelicInput } from './newrelic-scan';
import type { ScanJob } from './run-scan';
import type { ScanEntry, ScanInput } from './scan-input';

export interface ScanInputContext {
  db: Kysely<Database>;
  keyring: MasterKeyring;
  profile: Profile;
  sourcesRoot: string | null;
  /** `Svc__NewRelic__GraphqlUrl`, or null for the region's NerdGraph. */
  newRelicGraphqlUrl: string | null;
}

async function* filesOf(rows: { path: string; content: string }[]): AsyncGenerator<ScanEntry> {
  for (const row of rows) {
    const bytes = Buffer.from(row.content, 'utf8');
    yield { path: row.path, size: bytes.length, read: async () => bytes };
  }
}

const nothingToClose = async (): Promise<void> => undefined;

/**
 * Opens what a scan reads, by the kind of its Source: a folder under the
 * sources root (commit from `.git/HEAD`), an uploaded archive, the model files
 * of an upload Source, or a git host's tree at the resolved commit, with the
 * workspace's token sent only to the origin it was saved for.
 */
export async function openScanInput(context: ScanInputContext, scan: ScanJob): Promise<ScanInput> {
  const source = scan.sourceId === null ? null : await context.db.selectFrom('sources').select(['id', 'kind', 'path', 'repository', 'account_id', 'region']).where('id', '=', scan.sourceId).executeTakeFirst();
  const kind = source?.kind ?? scan.host;
  if (kind === 'directory') {
    if (context.profile !== 'local' || context.sourcesRoot === null) throw new Error('Folder Sources need the local profile and Svc__SourcesRoot.');
    const resolved = await resolveFolderSourcePath(context.sourcesRoot, source?.path ?? '.');
    if (!resolved.ok) throw new Error(`The Source's folder ${resolved.message}.`);
    const head = await readGitHead(resolved.folder);
    return { commitSha: head?.commitSha ?? null, entries: walkDirectory(resolved.folder), close: nothingToClose };
  }
  if (kind === 'newrelic' && source) {
    return openNewRelicInput({ db: context.db, keyring: context.keyring, graphqlUrlOverride: context.newRelicGraphqlUrl, profile: context.profile }, { id: source.id, accountId: source.account_id, region: source.region }, scan.workspaceId);
  }
  if (kind === 'upload') {
    const rows = await context.db.selectFrom('source_files').select(['path', 'content']).where('source_id', '=', scan.sourceId!).orderBy('path').execute();
    return { commitSha: null, entries: filesOf(rows), close: nothingToClose };
  }
  if (kind === 'archive') {
    const row = await context.db.selectFrom('scan_archives').select(['format', 'content']).where('scan_id', '=', scan.id).executeTakeFirst();
    if (!row) throw new Error('The uploaded archive of this scan is gone; upload it again.');
    const entries = readArchive(row.content, { maxArchiveBytes: scan.limits.maxArchiveBytes, format: row.format });
    // The archive is dropped once read, so a stored archive never outlives its scan.
    return { commitSha: null, entries, close: async () => void (await context.db.deleteFrom('scan_archives').where('scan_id', '=', scan.id).execute()) };
  }
  if (kind !== null && isGitHostKind(kind)) {
    const repository = source?.repository ?? scan.request.repository;
    if (!repository) throw new Error('The scan names no repository.');
    const { client } = await workspaceHostClient(context, scan.workspaceId, kind);
    const resolved = await client.resolveRef(repository, { ref: scan.request.ref, pullRequest: scan.request.pullRequest });
    return { commitSha: resolved.commitSha, entries: client.readTree(repository, resolved.commitSha, { maxArchiveBytes: scan.limits.maxArchiveBytes }), close: nothingToClose };
  }
  throw new Error(`A ${kind ?? 'source-less'} scan cannot be read by the worker.`);
}
