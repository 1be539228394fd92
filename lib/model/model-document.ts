/**
 * Writes the model document (part 1 "Model document, top level"): "The export
 * orders each list by ID, so the same model gives the same document." Byte for
 * byte: fixed key order, fixed quoting, no line folding.
 */
import { Document, visit } from 'yaml';
import { modelKinds, sectionOfKind, type AnyModelRecord, type ModelKind, type ModelSnapshot, type RecordOfKind } from './model-records';
import { recordFieldOrder } from './record-schemas';

/** The two formats of GET /export. */
export type ModelDocumentFormat = 'json' | 'yaml';

/** "Export writes 1.0" (part 1 "Versioning"). */
export const modelDocumentVersion = '1.0';

const nestedFields: Readonly<Record<string, readonly string[]>> = {
  provenance: recordFieldOrder.provenance,
  stale: recordFieldOrder.stale,
  retry: recordFieldOrder.retry,
};
const listFields: ReadonlySet<string> = new Set(['tags', 'consumerIds']);

function ordered(fields: readonly string[], source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = source[field];
    const nested = nestedFields[field];
    if (nested && typeof value === 'object' && value !== null) out[field] = ordered(nested, value as Record<string, unknown>);
    else if (listFields.has(field)) out[field] = Array.isArray(value) ? [...value] : [];
    // Every nullable field is written, as null when empty, even if the stored body left it out.
    else out[field] = value ?? null;
  }
  return out;
}

function byId(a: AnyModelRecord, b: AnyModelRecord): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function documentOf(projectName: string, model: ModelSnapshot): Record<string, unknown> {
  const document: Record<string, unknown> = { version: modelDocumentVersion, project: { name: projectName } };
  for (const kind of modelKinds) {
    const records = [...(model[kind].values() as Iterable<AnyModelRecord>)].sort(byId);
    document[sectionOfKind[kind]] = records.map((record) => ordered(recordFieldOrder[kind], record as unknown as Record<string, unknown>));
  }
  return document;
}

/**
 * Plain strings another YAML reader could take for something else: YAML 1.1
 * booleans (yes, on, y…), nulls, numbers, timestamps and sexagesimals (all
 * start with a digit, a sign or a dot), `<<` and `=`. The `yaml` package
 * already quotes what YAML 1.2 would misread; these are quoted as well.
 */
const numberLike = /^[-+]?\.?[0-9]/;
const wordLike = /^(?:[-+]?\.(?:inf|nan)|y|yes|n|no|true|false|on|off|null|~|<<|=)$/i;

// A line of only spaces or tabs inside a literal block is read back wrongly (`yaml` 2.9 itself turns " \n" into "").
const blankLineWithSpaces = /(?:^|\n)[ \t]+(?:\n|$)/;

// Outside the YAML printable set (and U+0085, U+2028, U+2029, U+FEFF, which YAML 1.1 readers treat as breaks or marks):
// strict readers refuse them in plain text, so they go in double quotes.
const notPlainSafe = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;

/** True when a string must be written double-quoted to read back as the same string in any YAML reader. */
function needsQuotes(text: string): boolean {
  if (notPlainSafe.test(text)) return true;
  if (text.includes('\n')) return blankLineWithSpaces.test(text);
  return numberLike.test(text) || wordLike.test(text);
}

function toYaml(value: Record<string, unknown>): string {
  // aliasDuplicateObjects: false, or two records sharing one list would be written as an anchor and an alias.
  const document = new Document(value, { version: '1.2', aliasDuplicateObjects: false });
  visit(document, {
    Scalar(key, node) {
      if (key !== 'key' && typeof node.value === 'string' && needsQuotes(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  // No folding anywhere: lineWidth 0 for plain and block text; double-quoted text stays one line of JSON-style
  // escapes (the default folds it at 40 characters, and its folding of blank-looking lines does not read back).
  return document.toString({ lineWidth: 0, minContentWidth: 0, doubleQuotedAsJSON: true, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER });
}

/**
 * The model document of a model: top level `version`, `project`, then the
 * eight lists ordered by ID; each record's fields in the order of the spec
 * tables, fact fields last, nullable fields written as null. JSON is indented
 * by 2 spaces and ends with a newline.
 *
 * @example
 * const text = serializeModelDocument('Shop', model, 'yaml');
 */
export function serializeModelDocument(projectName: string, model: ModelSnapshot, format: ModelDocumentFormat): string {
  const document = documentOf(projectName, model);
  return format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : toYaml(document);
}

/** A model snapshot holding these records (a later record with the same kind and ID replaces an earlier one). */
export function snapshotFromRecords(records: Iterable<{ [K in ModelKind]: { kind: K; record: RecordOfKind[K] } }[ModelKind]>): ModelSnapshot {
  const maps = Object.fromEntries(modelKinds.map((kind) => [kind, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
  for (const { kind, record } of records) maps[kind].set(record.id, record);
  return maps as unknown as ModelSnapshot;
}
