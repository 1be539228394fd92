/**
 * Writes the model document (part 1 "Model document, top level"): "The export
 * orders each list by ID, so the same model gives the same document." Byte for
 * byte: fixed key order, fixed quoting, no line folding.
 */
import { modelKinds, sectionOfKind, type AnyModelRecord, type ModelKind, type ModelSnapshot, type RecordOfKind } from './model-records';
import { recordFieldOrder } from './record-schemas';
import { yamlMapping } from './yaml-writer';

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

/** A record as the document writes it: the fields of its kind in the order of the spec tables, nullable ones as null. */
export function documentRecord(kind: ModelKind, record: AnyModelRecord): Record<string, unknown> {
  return ordered(recordFieldOrder[kind], record as unknown as Record<string, unknown>);
}

/** How JSON.stringify ends a section written alone: its list, then the object around it. */
const sectionEnd = '\n  ]\n}';

function byId(a: AnyModelRecord, b: AnyModelRecord): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
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

/** True when a string value must be written double-quoted to read back as the same string in any YAML reader. */
export function mustQuoteInYaml(text: string): boolean {
  if (notPlainSafe.test(text)) return true;
  if (text.includes('\n')) return blankLineWithSpaces.test(text);
  return numberLike.test(text) || wordLike.test(text);
}

/**
 * Writes a model document a page of records at a time, so that a large model
 * is never held whole beside its text: `section(kind)` for each kind in
 * `modelKinds` order, then that kind's records in ID order with `records`;
 * `finish()` gives the text. JSON is what `JSON.stringify(document, null, 2)`
 * writes, YAML what the `yaml` package writes (see yaml-writer.ts), byte for
 * byte: model-document.test.ts compares them.
 *
 * @example
 * const writer = new ModelDocumentWriter('Shop', 'yaml');
 * for (const kind of modelKinds) {
 *   writer.section(kind);
 *   for (const page of pagesInIdOrder(kind)) writer.records(kind, page);
 * }
 * const text = writer.finish();
 */
export class ModelDocumentWriter {
  readonly #format: ModelDocumentFormat;
  readonly #chunks: string[] = [];
  #kind: ModelKind | null = null;
  #count = 0;

  constructor(projectName: string, format: ModelDocumentFormat) {
    this.#format = format;
    const heading = { version: modelDocumentVersion, project: { name: projectName } };
    // JSON: the opening brace and the heading's members as JSON.stringify indents them, without the closing "\n}".
    this.#chunks.push(format === 'json' ? JSON.stringify(heading, null, 2).slice(0, -2) : yamlMapping(heading, '', mustQuoteInYaml));
  }

  /** Starts the list of the next kind (kinds in `modelKinds` order). */
  section(kind: ModelKind): void {
    this.#closeSection();
    this.#kind = kind;
    this.#count = 0;
  }

  /** Adds records of the current section's kind, in ID order after those added before. */
  records(kind: ModelKind, records: readonly AnyModelRecord[]): void {
    if (kind !== this.#kind) throw new Error(`records of kind ${kind} outside their section`);
    if (records.length === 0) return;
    const name = sectionOfKind[kind];
    const start = this.#count === 0;
    this.#count += records.length;
    if (this.#format === 'json') {
      // The page as its section of the document: JSON.stringify of { name: [records] } indents the records as the
      // document does ('{\n  "name": [\n    {…},\n    {…}\n  ]\n}'); the records are taken out of it, the section's
      // opening too for the first page.
      const section = JSON.stringify({ [name]: records.map((record) => documentRecord(kind, record)) }, null, 2);
      const recordsFrom = start ? 1 : `{\n  ${JSON.stringify(name)}: [`.length;
      this.#chunks.push(',', section.slice(recordsFrom, -sectionEnd.length));
      return;
    }
    const parts: string[] = [];
    for (const record of records) parts.push(parts.length === 0 && start ? `\n${name}:\n  - ` : '\n  - ', yamlMapping(documentRecord(kind, record), '    ', mustQuoteInYaml));
    this.#chunks.push(parts.join(''));
  }

  /** The whole text; the writer is empty afterwards. */
  finish(): string {
    this.#closeSection();
    this.#kind = null;
    this.#chunks.push(this.#format === 'json' ? '\n}\n' : '\n');
    const text = this.#chunks.join('');
    this.#chunks.length = 0;
    return text;
  }

  #closeSection(): void {
    if (this.#kind === null) return;
    const name = sectionOfKind[this.#kind];
    if (this.#format === 'json') this.#chunks.push(this.#count === 0 ? `,\n  ${JSON.stringify(name)}: []` : '\n  ]');
    else if (this.#count === 0) this.#chunks.push(`\n${name}: []`);
  }
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
  const writer = new ModelDocumentWriter(projectName, format);
  for (const kind of modelKinds) {
    writer.section(kind);
    writer.records(kind, [...(model[kind].values() as Iterable<AnyModelRecord>)].sort(byId));
  }
  return writer.finish();
}

/** A model snapshot holding these records (a later record with the same kind and ID replaces an earlier one). */
export function snapshotFromRecords(records: Iterable<{ [K in ModelKind]: { kind: K; record: RecordOfKind[K] } }[ModelKind]>): ModelSnapshot {
  const maps = Object.fromEntries(modelKinds.map((kind) => [kind, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
  for (const { kind, record } of records) maps[kind].set(record.id, record);
  return maps as unknown as ModelSnapshot;
}
