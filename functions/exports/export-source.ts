import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../lib/db/schema';
import { parseQuery } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readModelKinds, readViewSlice } from '../../lib/model/export-store';
import type { ModelSnapshot } from '../../lib/model/model-records';
import { mainStream, revisionOf } from '../../lib/model/stream-store';
import { findView, listViews, type ViewRecord } from '../../lib/model/view-store';
import type { RenderSource, ViewSlice } from '../../lib/render/view-contents';

export const exportQuery = z.strictObject({ revisionId: z.string().max(100).optional() });

/** Which model an export reads: main, or the revision `?revisionId=` names. */
export type ExportModelChoice = { readonly kind: 'main' } | { readonly kind: 'query'; readonly query: URLSearchParams };

/** The query of a signed-in export: `?revisionId=` chooses a revision, else main. */
export const fromQuery = (query: URLSearchParams): ExportModelChoice => ({ kind: 'query', query });

/** Main at its current version, whatever the query says (a share link never reads a revision). */
export const mainModel: ExportModelChoice = Object.freeze({ kind: 'main' });

/**
 * The stream an export reads: the revision of `?revisionId=` (400 when it
 * names no revision of the project), else main at its current version.
 */
async function exportStream(trx: Transaction<Database>, projectId: string, choice: ExportModelChoice): Promise<{ streamId: string; source: RenderSource }> {
  const { revisionId } = choice.kind === 'query' ? parseQuery(exportQuery, choice.query) : { revisionId: undefined };
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
 * not read again), the stream (400 for an unknown revision), then one
 * statement per record kind for what the view shows.
 */
export async function readViewExport(db: Kysely<Database>, projectId: string, view: string | ViewRecord, choice: ExportModelChoice): Promise<ViewExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const found = typeof view === 'string' ? await findView(trx, projectId, view) : view;
      if (!found) throw HttpProblem.notFound('View not found');
      const { streamId, source } = await exportStream(trx, projectId, choice);
      return { view: found, slice: await readViewSlice(trx, streamId, found.rootElementId), source };
    });
}

/** What the architecture-DSL export writes: the elements and relationships of the model, the project's views, and which model it is. */
export interface ArchitectureDslExport {
  model: Pick<ModelSnapshot, 'element' | 'relationship'>;
  views: ViewRecord[];
  source: RenderSource;
}

/** Reads the architecture-DSL export in one repeatable-read snapshot: the stream (400 for an unknown revision), its elements and relationships, the views. */
export async function readArchitectureDslExport(db: Kysely<Database>, projectId: string, choice: ExportModelChoice): Promise<ArchitectureDslExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { streamId, source } = await exportStream(trx, projectId, choice);
      const model = await readModelKinds(trx, streamId, ['element', 'relationship']);
      return { model, views: await listViews(trx, projectId), source };
    });
}
