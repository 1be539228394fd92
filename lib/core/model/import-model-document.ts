import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { InvalidDocumentError, TooLargeError } from '../../platform/errors/service-error';
import { refuseUnlessExpectedVersion } from './expected-version';
import { sectionOfKind } from './model-records';
import { schemaIdsOwnedElsewhere, commitModelChange, loadModelSnapshot } from './model-store';
import { planImport, schemaIdsNamedIn } from './plan-import';
import { decodeUtf8Strict, parseJsonStrict, parseYamlStrict } from '../../platform/text/strict-json';
import { lockStream } from './stream-store';

export interface ImportRequest {
  projectId: string;
  body: Buffer;
  format: 'json' | 'yaml';
  dryRun: boolean;
  expectedVersion: number | null;
  actor: string;
  now: Date;
}

/** The import result of part 1 "Import result", plus `ignored` (contracts/model.ts). */
import type { ImportResult } from '../../../contracts/model';

export type { ImportResult };

function invalidExport(title: string, detail: string, errors = [{ field: 'document', message: detail }]): InvalidDocumentError {
  return new InvalidDocumentError('invalid_export', title, detail, errors);
}

/**
 * Imports a model document into the project's main model (part 1 "Model
 * document", rules 1–9), in one transaction holding main's lock: either every
 * entry is written or none. A dry run answers the same result and writes
 * nothing, also when entries are refused.
 */
export async function importModelDocument(db: Kysely<Database>, request: ImportRequest): Promise<ImportResult> {
  // A body that is not UTF-8 is no JSON or YAML document.
  const text = decodeUtf8Strict(request.body);
  if (text === null) throw invalidExport('Body is not a model document', 'The body is not UTF-8 text.');
  const parsed = request.format === 'yaml' ? parseYamlStrict(text) : parseJsonStrict(text);
  if (!parsed.ok) throw invalidExport(`Body is not valid ${request.format === 'yaml' ? 'YAML' : 'JSON'}`, parsed.message);

  return db.transaction().execute(async (trx) => {
    const version = await lockStream(trx, request.projectId);
    refuseUnlessExpectedVersion(request.expectedVersion, version);
    const current = await loadModelSnapshot(trx, request.projectId);
    const foreignSchemaIds = await schemaIdsOwnedElsewhere(trx, request.projectId, schemaIdsNamedIn(parsed.value));
    const plan = planImport({ current, document: parsed.value, projectId: request.projectId, streamId: request.projectId, foreignSchemaIds });
    if (plan.tooLarge) {
      const { kind, count, limit } = plan.tooLarge;
      throw new TooLargeError('import_too_large', 'Import too large', `The document holds ${count} ${kind} entries; at most ${limit} are accepted.`, [
        // The list as the document names it (`schemas`), like every other list-level error.
        { field: sectionOfKind[kind], message: `at most ${limit} entries` },
      ]);
    }
    const result: ImportResult = { applied: false, modelVersion: version, ...plan.counts, items: plan.items, ignored: plan.ignored };
    if (plan.refusals.length > 0) {
      // A dry run shows refused entries in its items; a refused document or list has no item, so it answers as the import does.
      if (request.dryRun && !plan.documentRefused) return result;
      throw new InvalidDocumentError('invalid_export', plan.title, `${plan.refusals.length} entr${plan.refusals.length === 1 ? 'y is' : 'ies are'} refused; nothing was written.`, plan.refusals);
    }
    if (request.dryRun) return result;
    if (plan.upserts.length > 0) {
      const changeOf = new Map(plan.items.map((item) => [`${item.kind}:${item.importedAs ?? item.id}`, item.change]));
      await commitModelChange(trx, {
        streamId: request.projectId,
        fromVersion: version,
        writes: plan.upserts.map((u) => ({ kind: u.kind, record: u.record, change: changeOf.get(`${u.kind}:${u.record.id}`) === 'added' ? 'added' : 'changed' })),
        deletes: [],
        actor: request.actor,
        at: request.now,
        summary: `import: ${plan.counts.added} added, ${plan.counts.changed} changed`,
      });
    }
    return { ...result, applied: true };
  });
}
