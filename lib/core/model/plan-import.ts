/**
 * Plans a model document import (part 1 "Model document", import rules 1–9):
 * reads every entry, checks it against the model as read so far, and says per
 * entry what the import would do. Pure: the caller writes `upserts` in one
 * transaction, or answers the refusals.
 */
import type { FieldError } from '../../platform/errors/error-codes';
import {
  modelLimits,
  sectionOfKind,
  type AnyModelRecord,
  type FactFields,
  type ModelKind,
  type ModelSnapshot,
  type RecordOfKind,
} from './model-records';
import { memberPath, unknownMember, type IgnoredMember } from './ignored-members';
import { checkBindingUnique, checkChannelKindFitsBindings, checkRecordItself } from './model-rules';
import { ModelOverlay } from './overlay-model';
import { readRecord, type ReadResult } from './record-schemas';
import { normalizeGuid, shortTextProblem } from '../../platform/text/text-rules';
import { uuidV5 } from './uuid-v5';

/** Rule 6: "Sections are read in order: elements, relationships, messages, channels, operations, subscriptions, bindings, schemas". */
export const importReadOrder: readonly ModelKind[] = Object.freeze(['element', 'relationship', 'message', 'channel', 'operation', 'subscription', 'binding', 'schema']);

/** What the import does with one entry, and the result's item per entry (contracts/model.ts). */
import type { ImportChange, ImportItem } from '../../../contracts/model';

export type { ImportChange, ImportItem };

/** A record the import writes. */
export type ModelUpsert = { [K in ModelKind]: { kind: K; record: RecordOfKind[K] } }[ModelKind];

/** Everything the import endpoint needs to answer, preview or write. */
export interface ImportPlan {
  /** Set when a list is longer than its limit: the caller answers 400 import_too_large and nothing is read. */
  tooLarge: { kind: ModelKind; count: number; limit: number } | null;
  items: ImportItem[];
  counts: Record<ImportChange, number>;
  /** Added and changed records, each after what it refers to; empty when anything is refused. */
  upserts: ModelUpsert[];
  /** One per refused entry (`<kind>:<id>`) or refused list (its section name, or `document`). */
  refusals: FieldError[];
  /** A refusal of the document or of a whole list, which no item of the result shows: a dry run answers it as the import does. */
  documentRefused: boolean;
  /** Names the first refusal (kind, ID, field, reason); a summary when nothing is refused. */
  title: string;
  /** Members no field reads (a misspelt field, a field of a later format), top level first, then by list and entry. */
  ignored: IgnoredMember[];
}

/** The input of planImport: the main model as it is, the parsed document, and what the caller looked up. */
export interface ImportInput {
  current: ModelSnapshot;
  document: unknown;
  projectId: string;
  /** ID of the project's model stream (rule 8). */
  streamId: string;
  /** Schema IDs named in the document that another project owns (rule 9); see schemaIdsNamedIn. */
  foreignSchemaIds: ReadonlySet<string>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function member(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * Every schema ID (lower case) the document names: in `schemas` and in each
 * schemaId, requestSchemaId, responseSchemaId. The caller asks its storage
 * which of them another project owns, and passes those as foreignSchemaIds.
 */
export function schemaIdsNamedIn(document: unknown): string[] {
  const ids = new Set<string>();
  if (!isPlainObject(document)) return [];
  const collect = (section: string, fields: readonly string[]) => {
    const list = member(document, section);
    if (!Array.isArray(list)) return;
    for (const entry of list) {
      if (!isPlainObject(entry)) continue;
      for (const field of fields) {
        const id = normalizeGuid(member(entry, field));
        if (id) ids.add(id);
      }
    }
  };
  collect('schemas', ['id']);
  collect('messages', ['schemaId']);
  collect('operations', ['requestSchemaId', 'responseSchemaId']);
  return [...ids].sort();
}

/** Equality of two records as JSON; a missing member equals null (a nullable field "null or missing"), key order does not matter. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return (a ?? null) === (b ?? null);
  for (const key in a) if (!sameJson(a[key] ?? null, b[key] ?? null)) return false;
  for (const key in b) if (!Object.hasOwn(a, key) && (b[key] ?? null) !== null) return false;
  return true;
}

interface Entry {
  kind: ModelKind;
  index: number;
  /** The entry's ID when it is a GUID (lower case), else null. */
  guid: string | null;
  /** The ID as reported: the GUID, or the raw text or `#<index>`. */
  id: string;
  name: string | null;
  importedAs: string | null;
  reasons: string[];
  record: AnyModelRecord | null;
  change: ImportChange;
  ignored: IgnoredMember[];
}

function displayId(raw: unknown, guid: string | null, index: number): string {
  if (guid) return guid;
  const id = isPlainObject(raw) ? member(raw, 'id') : undefined;
  // Echo a wrong ID only while it is short, printable text; otherwise name the entry by position.
  if (typeof id === 'string' && id !== '' && id.length <= 64 && shortTextProblem(id) === null) return id;
  return `#${index}`;
}

function rawName(kind: ModelKind, raw: unknown): string | null {
  if (!isPlainObject(raw)) return null;
  const value = member(raw, kind === 'relationship' ? 'label' : 'name');
  return typeof value === 'string' ? value : null;
}

/**
 * Rule 6 "entries in document order, except that an element is read after its
 * parent": an element whose parent comes later in the document waits for it
 * and is read right after it. Elements caught in a parent loop never see their
 * parent read; they are read last, in document order, and refused there.
 */
function elementReadOrder(list: readonly unknown[], idAt: readonly (string | null)[], firstIndex: ReadonlyMap<string, number>): number[] {
  const order: number[] = [];
  const emitted = new Uint8Array(list.length);
  const waiting = new Map<string, number[]>();
  const emit = (start: number) => {
    // An explicit stack: a document may list a 5000-deep chain leaf first.
    const stack = [start];
    while (stack.length > 0) {
      const index = stack.pop()!;
      if (emitted[index]) continue;
      emitted[index] = 1;
      order.push(index);
      const id = idAt[index] ?? null;
      if (id === null || firstIndex.get(id) !== index) continue;
      const children = waiting.get(id);
      if (!children) continue;
      waiting.delete(id);
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
    }
  };
  list.forEach((raw, index) => {
    const parentId = isPlainObject(raw) ? normalizeGuid(member(raw, 'parentId')) : null;
    const parentIndex = parentId === null ? undefined : firstIndex.get(parentId);
    if (parentId !== null && parentIndex !== undefined && parentIndex !== index && !emitted[parentIndex]) {
      const children = waiting.get(parentId);
      if (children) children.push(index);
      else waiting.set(parentId, [index]);
    } else {
      emit(index);
    }
  });
  const left = [...waiting.values()].flat().sort((a, b) => a - b);
  for (const index of left) emit(index);
  return order;
}

function emptyPlan(refusals: FieldError[], tooLarge: ImportPlan['tooLarge'] = null): ImportPlan {
  const first = refusals[0];
  return {
    tooLarge,
    items: [],
    counts: { added: 0, changed: 0, unchanged: 0, refused: 0 },
    upserts: [],
    refusals,
    documentRefused: refusals.length > 0,
    title: first ? `Model document refused: ${first.field}: ${first.message}` : 'Model document read: nothing to import',
    ignored: [],
  };
}

/** Top-level members of the model document ("Model document, top level"). */
const documentMembers: readonly string[] = Object.freeze(['version', 'project', ...importReadOrder.map((kind) => sectionOfKind[kind])]);

/** Unknown members of the document and of `project` (whose `name` import does not read, but knows). */
/**
 * Import rule 4: "fromId and toId of an existing relationship do not change". The stored ends stay and the
 * rest of the entry still updates; a different end in the document is reported as ignored, not refused.
 */
function keepRelationshipEnds(record: RecordOfKind['relationship'], previous: RecordOfKind['relationship'], at: string, ignored: IgnoredMember[]): void {
  for (const end of ['fromId', 'toId'] as const) {
    if (record[end] === previous[end]) continue;
    ignored.push({ path: memberPath(at, end), reason: `${end} of an existing relationship does not change (it stays ${previous[end]}); ignored` });
    record[end] = previous[end];
  }
}

function ignoredTopLevel(document: Record<string, unknown>): IgnoredMember[] {
  const ignored: IgnoredMember[] = [];
  for (const key of Object.keys(document)) if (!documentMembers.includes(key)) ignored.push(unknownMember('$', key, documentMembers, 'the model document'));
  const project = member(document, 'project');
  if (isPlainObject(project)) for (const key of Object.keys(project)) if (key !== 'name') ignored.push(unknownMember('$.project', key, ['name'], 'project'));
  return ignored;
}

/**
 * Plans the import of a parsed model document into a project's main model:
 * one item per entry, the records to write when nothing is refused, and one
 * refusal per refused entry. Never throws on any document value.
 *
 * @example
 * const plan = planImport({ current, document, projectId, streamId, foreignSchemaIds: new Set() });
 * if (plan.tooLarge) throw new TooLargeError('import_too_large', plan.title, detail);
 * if (plan.refusals.length > 0) throw new InvalidDocumentError('invalid_export', plan.title, detail, plan.refusals);
 */
export function planImport(input: ImportInput): ImportPlan {
  const { current, document, projectId } = input;
  const streamId = input.streamId.toLowerCase();
  if (!isPlainObject(document)) {
    return emptyPlan([{ field: 'document', message: 'must be an object holding the lists of the model' }]);
  }

  // Lists: "A list that is missing reads as empty. A list that holds null is refused."
  const lists = {} as Record<ModelKind, readonly unknown[]>;
  const listRefusals = new Map<ModelKind, FieldError>();
  for (const kind of importReadOrder) {
    const section = sectionOfKind[kind];
    const value = member(document, section);
    lists[kind] = Array.isArray(value) ? value : [];
    if (value === null) listRefusals.set(kind, { field: section, message: 'must be a list, not null' });
    else if (value !== undefined && !Array.isArray(value)) listRefusals.set(kind, { field: section, message: 'must be a list' });
  }
  // A list over its limit refuses the whole import before anything is read (400 import_too_large).
  for (const kind of importReadOrder) {
    const limit = modelLimits.listEntries[kind];
    const count = lists[kind].length;
    if (count > limit) {
      return emptyPlan([{ field: sectionOfKind[kind], message: `has ${count} entries; at most ${limit} are allowed` }], { kind, count, limit });
    }
  }

  // Rule 9: a schema ID another project owns gets a derived ID here, and every reference to it follows.
  const foreign = new Set([...input.foreignSchemaIds].map((id) => id.toLowerCase()));
  const rekeyed = new Map<string, string>();
  const rekey = (id: string | null): string | null => {
    if (id === null || !foreign.has(id)) return id;
    let to = rekeyed.get(id);
    if (to === undefined) {
      to = uuidV5(projectId, id);
      rekeyed.set(id, to);
    }
    return to;
  };

  const overlay = new ModelOverlay(current);
  const context = { streamId, before: current };
  const entries = {} as Record<ModelKind, Entry[]>;
  const firstOfId = {} as Record<ModelKind, Map<string, number>>;
  for (const kind of importReadOrder) {
    const first = new Map<string, number>();
    entries[kind] = lists[kind].map((raw, index) => {
      const guid = isPlainObject(raw) ? normalizeGuid(member(raw, 'id')) : null;
      if (guid !== null && !first.has(guid)) first.set(guid, index);
      return { kind, index, guid, id: displayId(raw, guid, index), name: rawName(kind, raw), importedAs: null, reasons: [], record: null, change: 'refused', ignored: [] };
    });
    firstOfId[kind] = first;
  }

  // Rule 5: "A schemaId … must name a schema in the document or one the project has". Schemas are read
  // last (rule 6), so the document's schemas join the model first, for references to find them. One whose
  // ID another kind has (in the model or the document) stays out: "a schema ID … in use" is the schema's
  // refusal, not the other record's.
  const idsOfOtherKinds = new Set<string>();
  for (const kind of importReadOrder) if (kind !== 'schema') for (const id of firstOfId[kind].keys()) idsOfOtherKinds.add(id);
  const usedByOtherKind = (id: string) => idsOfOtherKinds.has(id) || importReadOrder.some((kind) => kind !== 'schema' && current[kind].has(id));
  const entryPath = (kind: ModelKind, index: number) => memberPath(memberPath('$', sectionOfKind[kind]), index);
  const schemaReads: ReadResult<'schema'>[] = lists.schema.map((raw, index) => readRecord('schema', raw, { mode: 'import', at: entryPath('schema', index) }));
  // Rule 8 on the IDs the schemas get here: another project's schema X becomes uuidV5(project, X), which a
  // second entry of the document may also name. The later of the two is refused, as a repeated ID is.
  const entryOfImportedId = new Map<string, number>();
  const importedIdClash = new Map<number, string>();
  entries.schema.forEach((entry, index) => {
    if (entry.guid === null || firstOfId.schema.get(entry.guid) !== index) return;
    const importedId = foreign.has(entry.guid) ? rekey(entry.guid)! : entry.guid;
    const earlier = entryOfImportedId.get(importedId);
    if (earlier === undefined) entryOfImportedId.set(importedId, index);
    else importedIdClash.set(index, importedId);
  });
  schemaReads.forEach((read, index) => {
    const entry = entries.schema[index]!;
    if (entry.guid !== null) entry.importedAs = foreign.has(entry.guid) ? rekey(entry.guid) : null;
    if (!read.ok || entry.guid === null || firstOfId.schema.get(entry.guid) !== index || importedIdClash.has(index)) return;
    const record = read.record;
    record.id = rekey(record.id)!;
    if (usedByOtherKind(record.id)) return;
    const previous = current.schema.get(record.id);
    // "version: Version in the exporting project; import does not read it": same content keeps it, new content counts up.
    record.version = previous ? (previous.content === record.content ? previous.version : previous.version + 1) : 1;
    overlay.set('schema', record);
  });

  const readEntry = (kind: ModelKind, index: number) => {
    const entry = entries[kind][index]!;
    const read = kind === 'schema' ? schemaReads[index]! : readRecord(kind, lists[kind][index], { mode: 'import', at: entryPath(kind, index) });
    entry.ignored = read.ignored;
    const clash = kind === 'schema' ? importedIdClash.get(index) : undefined;
    const duplicate = (entry.guid !== null && firstOfId[kind].get(entry.guid) !== index) || clash !== undefined;
    if (clash !== undefined) {
      entry.reasons.push(`id: would be imported as ${clash}, which another schema of the document is imported as (a schema another project owns gets a derived ID here)`);
    } else if (duplicate) {
      // A second entry with one ID would silently undo the first; rule 8 says so for schemas, and the same holds
      // for every list. The first occurrence is read as usual; the second and later are refused.
      entry.reasons.push(`id: occurs more than once in ${sectionOfKind[kind]} (the first occurrence is the one read)`);
    }
    if (!read.ok) entry.reasons.push(...read.reasons);
    if (duplicate || !read.ok) return;
    const record = read.record;
    if (kind === 'message') {
      const message = record as RecordOfKind['message'];
      message.schemaId = rekey(message.schemaId);
    } else if (kind === 'operation') {
      const operation = record as RecordOfKind['operation'];
      operation.requestSchemaId = rekey(operation.requestSchemaId);
      operation.responseSchemaId = rekey(operation.responseSchemaId);
    }
    const previous = current[kind].get(record.id);
    if (kind === 'relationship' && previous) keepRelationshipEnds(record as RecordOfKind['relationship'], previous as RecordOfKind['relationship'], entryPath(kind, index), entry.ignored);
    if (kind !== 'schema') {
      // "Fact with stale mark: mark kept, document mark ignored"; a fact without one takes the document's.
      const fact = record as FactFields;
      const previousStale = (previous as FactFields | undefined)?.stale;
      if (previousStale) fact.stale = previousStale;
    }
    overlay.set(kind, record as RecordOfKind[typeof kind]);
    const reasons = checkRecordItself(kind, record, overlay, context);
    if (reasons.length > 0) {
      entry.reasons.push(...reasons);
      overlay.unset(kind, record.id);
      return;
    }
    entry.record = record;
    entry.name = kind === 'relationship' ? (record as RecordOfKind['relationship']).label : ((record as { name?: string }).name ?? null);
    entry.change = previous === undefined ? 'added' : sameJson(previous, record) ? 'unchanged' : 'changed';
  };

  // Rule 7: every entry is read, also after a refusal, so that every refused entry is named.
  const elementOrder = elementReadOrder(lists.element, entries.element.map((entry) => entry.guid), firstOfId.element);
  for (const kind of importReadOrder) {
    if (kind === 'element') for (const index of elementOrder) readEntry(kind, index);
    else for (let index = 0; index < lists[kind].length; index++) readEntry(kind, index);
  }

  // Rules that look at other records wait until every entry is in, so that one document can re-point a binding
  // and change the kind of the channel it left, or swap the routing keys of two bindings.
  const refuseLate = (entry: Entry, reasons: string[]) => {
    entry.reasons.push(...reasons);
    entry.record = null;
    entry.change = 'refused';
  };
  for (const entry of entries.channel) {
    if (entry.record) {
      const reasons = checkChannelKindFitsBindings(entry.record as RecordOfKind['channel'], overlay);
      if (reasons.length > 0) refuseLate(entry, reasons);
    }
  }
  const bindingPosition = new Map<string, number>();
  for (const entry of entries.binding) if (entry.record) bindingPosition.set(entry.record.id, entry.index);
  for (const entry of entries.binding) {
    if (!entry.record) continue;
    // Of two bindings in the document with one identity, the later one is refused.
    const readLater = (id: string) => (bindingPosition.get(id) ?? -1) > entry.index;
    const reasons = checkBindingUnique(entry.record as RecordOfKind['binding'], overlay, readLater);
    if (reasons.length > 0) refuseLate(entry, reasons);
  }

  const items: ImportItem[] = [];
  const refusals: FieldError[] = [];
  const counts: Record<ImportChange, number> = { added: 0, changed: 0, unchanged: 0, refused: 0 };
  let title: string | null = null;
  for (const kind of importReadOrder) {
    const listRefusal = listRefusals.get(kind);
    if (listRefusal) {
      refusals.push(listRefusal);
      title ??= `Model document refused: ${listRefusal.field}: ${listRefusal.message}`;
    }
    for (const entry of entries[kind]) {
      const error = entry.change === 'refused' ? entry.reasons.join('; ') : null;
      items.push({ kind, id: entry.id, name: entry.name, change: entry.change, error, importedAs: entry.importedAs });
      counts[entry.change]++;
      if (error !== null) {
        refusals.push({ field: `${kind}:${entry.id}`, message: error });
        title ??= `Model document refused: ${kind} ${entry.id}: ${entry.reasons[0]}`;
      }
    }
  }

  const ignored = ignoredTopLevel(document);
  for (const kind of importReadOrder) for (const entry of entries[kind]) ignored.push(...entry.ignored);

  const upserts: ModelUpsert[] = [];
  if (refusals.length === 0) {
    // Written in an order where each record follows what it refers to: schemas, then elements parent first.
    const writeOrder: Array<[ModelKind, readonly number[]]> = [
      ['schema', entries.schema.map((entry) => entry.index)],
      ['element', elementOrder],
      ...importReadOrder.filter((kind) => kind !== 'schema' && kind !== 'element').map((kind): [ModelKind, number[]] => [kind, entries[kind].map((entry) => entry.index)]),
    ];
    for (const [kind, order] of writeOrder) {
      for (const index of order) {
        const entry = entries[kind][index]!;
        if (entry.record && (entry.change === 'added' || entry.change === 'changed')) upserts.push({ kind, record: entry.record } as ModelUpsert);
      }
    }
  }

  return {
    tooLarge: null,
    items,
    counts,
    upserts,
    refusals,
    documentRefused: listRefusals.size > 0,
    title: title ?? `Model document read: ${counts.added} added, ${counts.changed} changed, ${counts.unchanged} unchanged`,
    ignored,
  };
}
