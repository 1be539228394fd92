/**
 * A model document (JSON or YAML text, as the export writes it) read into a
 * model for comparison: each entry through the same record reader the import
 * uses, schema versions as the document gives them (a diff shows them, though
 * the import sets its own). Entries that do not read are the reasons; nothing
 * is half-read.
 */
import { parseJsonStrict, parseYamlStrict } from '../../../platform/text/strict-json';
import { snapshotFromRecords } from '../model-document';
import { modelKinds, sectionOfKind, type ModelSnapshot } from '../model-records';
import { readRecord } from '../record-schemas';

export type DocumentModel = { ok: true; model: ModelSnapshot } | { ok: false; reasons: string[] };

/**
 * The model a document's text holds; YAML when it does not start with `{`.
 *
 * @example
 * const read = readDocumentModel(readFileSync('model.yaml', 'utf8'));
 */
export function readDocumentModel(text: string): DocumentModel {
  const parsed = text.trimStart().startsWith('{') ? parseJsonStrict(text) : parseYamlStrict(text);
  if (!parsed.ok) return { ok: false, reasons: [parsed.message] };
  const document = parsed.value;
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return { ok: false, reasons: ['the document must be a mapping with the lists of the model'] };
  const reasons: string[] = [];
  const records: Parameters<typeof snapshotFromRecords>[0] extends Iterable<infer R> ? R[] : never = [];
  for (const kind of modelKinds) {
    const section = sectionOfKind[kind];
    const list = (document as Record<string, unknown>)[section];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      reasons.push(`${section}: must be a list`);
      continue;
    }
    list.forEach((entry, index) => {
      const version = kind === 'schema' && entry !== null && typeof entry === 'object' && typeof (entry as { version?: unknown }).version === 'number' ? (entry as { version: number }).version : undefined;
      const read = readRecord(kind, entry, { mode: 'import', at: `$.${section}[${index}]`, ...(version === undefined ? {} : { schemaVersion: version }) });
      if (read.ok) records.push({ kind, record: read.record } as never);
      else for (const reason of read.reasons) reasons.push(`${section}[${index}].${reason}`);
    });
  }
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, model: snapshotFromRecords(records) };
}
