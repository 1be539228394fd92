import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';
import type { RenderSource, ViewSlice } from '../../core/render/view-contents';
import { readModelKinds, readViewSlice } from './export-store';
import type { ModelSnapshot } from '../../core/model/model-records';
import { mainStream, revisionOf } from '../../core/model/stream-store';
import { findView, listViews, type ViewRecord } from '../../core/model/view-store';

/**
 * What an export reads, each in one repeatable-read snapshot: the stream (a revision, or main at
 * its current version), then what the export draws.
 */

/** The stream an export reads: the revision named (400 when it is no revision of the project), else main. */
async function exportStream(trx: Transaction<Database>, projectId: string, revisionId: string | undefined): Promise<{ streamId: string; source: RenderSource }> {
  if (revisionId !== undefined) {
    const isGuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(revisionId);
    const revision = await revisionOf(trx, projectId, isGuid ? revisionId.toLowerCase() : '00000000-0000-0000-0000-000000000000');
    return { streamId: revision.id, source: { kind: 'revision', id: revision.id, name: revision.name, modelVersion: revision.modelVersion } };
  }
  const stream = await mainStream(trx, projectId);
  return { streamId: stream.id, source: { kind: 'stream', name: 'main', modelVersion: stream.modelVersion } };
}

/** What a view export draws: the view, the slice of the model it shows, and which model that is. */
export interface ViewExport {
  view: ViewRecord;
  slice: ViewSlice;
  source: RenderSource;
}

/**
 * Reads a view export in one repeatable-read snapshot: the view (404 when the
 * project has none by that ID; a view already read, such as a share link's, is
 * not read again), the stream (400 for an unknown revision; without `revisionId`, main at its
 * current version, all a share link ever reads), then one statement per record kind for what the
 * view shows.
 */
export async function readViewExport(db: Kysely<Database>, projectId: string, view: string | ViewRecord, revisionId?: string): Promise<ViewExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const found = typeof view === 'string' ? await findView(trx, projectId, view) : view;
      if (!found) throw new NotFoundError('View not found');
      const { streamId, source } = await exportStream(trx, projectId, revisionId);
      return { view: found, slice: await readViewSlice(trx, streamId, found.rootElementId), source };
    });
}

/** What the architecture-DSL export writes: the elements and relationships of the model, the project's views, and which model it is. */
export interface ArchitectureDslExport {
  model: Pick<ModelSnapshot, 'element' | 'relationship'>;
  views: ViewRecord[];
  source: RenderSource;
}

/**
 * Reads the architecture-DSL export in one repeatable-read snapshot: the stream (400 for an unknown
 * revision; without `revisionId`, main at its current version), its elements and relationships, the views.
 */
export async function readArchitectureDslExport(db: Kysely<Database>, projectId: string, revisionId?: string): Promise<ArchitectureDslExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { streamId, source } = await exportStream(trx, projectId, revisionId);
      const model = await readModelKinds(trx, streamId, ['element', 'relationship']);
      return { model, views: await listViews(trx, projectId), source };
    });
}
