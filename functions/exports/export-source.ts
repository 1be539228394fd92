import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema';
import { parseQuery } from '../../lib/http/parse-input';
import type { ModelSnapshot } from '../../lib/model/model-records';
import { loadModelSnapshot } from '../../lib/model/model-store';
import { mainStream, revisionOf } from '../../lib/model/stream-store';
import type { RenderSource } from '../../lib/render/view-contents';

const exportQuery = z.strictObject({ revisionId: z.string().max(100).optional() });

/**
 * The model a diagram export reads: the revision of `?revisionId=` (400 when
 * it names no revision of the project), else main at its current version.
 */
export async function readExportModel(db: Kysely<Database>, projectId: string, query: URLSearchParams): Promise<{ model: ModelSnapshot; source: RenderSource }> {
  const { revisionId } = parseQuery(exportQuery, query);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      if (revisionId !== undefined) {
        const isGuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(revisionId);
        const revision = await revisionOf(trx, projectId, isGuid ? revisionId.toLowerCase() : '00000000-0000-0000-0000-000000000000');
        return { model: await loadModelSnapshot(trx, revision.id), source: { kind: 'revision' as const, id: revision.id, name: revision.name, modelVersion: revision.modelVersion } };
      }
      const stream = await mainStream(trx, projectId);
      return { model: await loadModelSnapshot(trx, stream.id), source: { kind: 'stream' as const, name: 'main', modelVersion: stream.modelVersion } };
    });
}
