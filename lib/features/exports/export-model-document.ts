import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { readRecordPages } from './export-store';
import { ModelDocumentWriter, type ModelDocumentFormat } from '../../core/model/model-document';
import { modelKinds } from '../../core/model/model-records';
import { mainStream } from '../../core/model/stream-store';

/**
 * The model document of a project's main model (part 1 "Model document"),
 * written as its records are read, a page at a time in ID order, all in one
 * repeatable-read snapshot: the text and the version it belongs to. Memory
 * holds the text and one page, not the model beside it.
 */
export async function exportModelDocument(db: Kysely<Database>, project: { id: string; name: string }, format: ModelDocumentFormat): Promise<{ text: string; modelVersion: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const stream = await mainStream(trx, project.id);
      const writer = new ModelDocumentWriter(project.name, format);
      for (const kind of modelKinds) {
        writer.section(kind);
        for await (const page of readRecordPages(trx, stream.id, kind)) writer.records(kind, page);
      }
      return { text: writer.finish(), modelVersion: stream.modelVersion };
    });
}
