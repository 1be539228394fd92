/**
 * Readers that turn one model document entry (any JSON value) into the
 * normalized record of model-records.ts, or into the list of reasons it is
 * refused. Part 1 "Resources and their fields" is the source of every rule here.
 *
 * Written as plain functions over one field table per kind rather than zod: an
 * import reads up to 45,200 entries, and zod took 200–400 ms for 50,000
 * elements, half the time budget of a whole import. The tables are typed
 * against the record interfaces, so a field cannot be forgotten or mistyped.
 */
import {
  channelKinds,
  elementKinds,
  elementStatuses,
  factStatuses,
  modelLimits,
  relationshipKinds,
  transports,
  type ModelKind,
  type Provenance,
  type RecordOfKind,
  type RetryPolicy,
  type StaleMark,
} from './model-records';
import { unknownMember, type IgnoredMember } from './ignored-members';
import { freeTextProblem, isBlank, normalizeGuid, shortTextProblem } from '../../platform/text/text-rules';

/**
 * How an entry is read: `import` ignores unknown fields (documents of later
 * versions still import) and reports each in `ignored`; `edit` refuses them.
 */
export interface ReadOptions {
  mode: 'import' | 'edit';
  /** JSON path of the entry in its document, for `ignored` (e.g. `$.elements[3]`). Default `$`. */
  at?: string;
  /** The version a schema record gets; import does not read `version` (part 1 "Schema"). Default 1. */
  schemaVersion?: number;
}

/** The record, or every reason the entry is refused (each a sentence starting with the field). */
export type ReadResult<K extends ModelKind> = ({ ok: true; record: RecordOfKind[K] } | { ok: false; reasons: string[] }) & {
  /** Import only: the entry's members that no field of its kind reads. */
  ignored: IgnoredMember[];
};

interface ReadContext {
  mode: 'import' | 'edit';
  schemaVersion: number;
  reasons: string[];
  at: string;
  ignored: IgnoredMember[];
}

/** Reads one field; on failure pushes a reason and returns a value the caller throws away. */
type Reader<T> = (value: unknown, path: string, context: ReadContext) => T;
type Fields<R> = { readonly [F in keyof R]-?: Reader<R[F]> };

// Returned by a reader that has pushed a reason: the record is discarded then.
const refused = undefined as never;

function fail(context: ReadContext, path: string, sentence: string): never {
  context.reasons.push(`${path}: ${sentence}`);
  return refused;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Own members only: a document key named `constructor` or `__proto__` is data.
function member(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function characterCount(text: string): number {
  // Part 1 counts characters, not UTF-16 units; only long texts need the slow count.
  let count = 0;
  for (const _ of text) count++;
  return count;
}

interface TextRules {
  /**
   * Part 1 "Limits": "Control characters and invalid Unicode are refused in names, IDs, routing keys and headers;
   * U+0000 is refused in payloads". Names and routing keys refuse every control character; every other text
   * (descriptions, labels, technology, tags, icons, line shapes, provenance, stale marks) is `free`: only U+0000
   * and invalid Unicode are refused there, and the exports turn its line breaks into spaces.
   */
  free?: boolean;
  /** "not blank when present" (provenance.source, provenance.revision, routingKey, stale members). */
  notBlank?: boolean;
  /** Wording for a blank required name: part 1 calls it an "empty name". */
  blankSentence?: string;
  max?: number;
}

function checkText(value: unknown, path: string, context: ReadContext, rules: TextRules): string {
  if (typeof value !== 'string') return fail(context, path, 'must be a string');
  const problem = rules.free ? freeTextProblem(value) : shortTextProblem(value);
  if (problem) return fail(context, path, problem);
  if (rules.notBlank && isBlank(value)) return fail(context, path, rules.blankSentence ?? 'must not be blank');
  if (rules.max !== undefined && value.length > rules.max && characterCount(value) > rules.max) {
    return fail(context, path, `must have at most ${rules.max} characters`);
  }
  return value;
}

function requiredText(rules: TextRules): Reader<string> {
  return (value, path, context) => (value === undefined || value === null ? fail(context, path, 'is required') : checkText(value, path, context, rules));
}

function nullableText(rules: TextRules): Reader<string | null> {
  return (value, path, context) => (value === undefined || value === null ? null : checkText(value, path, context, rules));
}

const listText: Reader<string> = (value, path, context) => checkText(value, path, context, { free: true });
const listGuid: Reader<string> = (value, path, context) => checkGuid(value, path, context);

const name = requiredText({ notBlank: true, blankSentence: 'must not be empty' });
const freeText = nullableText({ free: true });

function checkGuid(value: unknown, path: string, context: ReadContext): string {
  return normalizeGuid(value) ?? fail(context, path, 'must be a GUID');
}

const requiredGuid: Reader<string> = (value, path, context) =>
  value === undefined || value === null ? fail(context, path, 'is required') : checkGuid(value, path, context);

const nullableGuid: Reader<string | null> = (value, path, context) =>
  value === undefined || value === null ? null : checkGuid(value, path, context);

/** A label from a closed set; `fallback` is what a missing or empty value means, when the spec gives one. */
function oneOf<T extends string>(values: readonly T[], fallback?: T): Reader<T> {
  const allowed = new Set<string>(values);
  const sentence = `must be one of ${values.join(', ')}`;
  return (value, path, context) => {
    if (fallback !== undefined && (value === undefined || value === '')) return fallback;
    if (value === undefined || (value === null && fallback === undefined)) return fail(context, path, 'is required');
    return typeof value === 'string' && allowed.has(value) ? (value as T) : fail(context, path, sentence);
  };
}

/** A list; missing means empty (part 1: "Missing means empty"); null is not a list. */
function listOf(item: Reader<string>): Reader<string[]> {
  return (value, path, context) => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) return fail(context, path, 'must be a list');
    const before = context.reasons.length;
    const list = value.map((entry, index) => item(entry, `${path}[${index}]`, context));
    return context.reasons.length === before ? list : refused;
  };
}

function numberIn(min: number, max: number, integer: boolean): Reader<number | null> {
  const kind = integer ? 'an integer' : 'a number';
  return (value, path, context) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) return fail(context, path, `must be ${kind}`);
    if (value < min || value > max) return fail(context, path, `must be from ${min} to ${max}`);
    // -0 would be written "-0" by YAML and "0" by JSON: one model, one text.
    return value === 0 ? 0 : value;
  };
}

function requiredNumber(reader: Reader<number | null>): Reader<number> {
  return (value, path, context) => (value === undefined || value === null ? fail(context, path, 'is required') : (reader(value, path, context) as number));
}

const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;

/** A date and time that exist: Date.parse rolls 2024-02-30 over to March 1 and reads 24:00 as the next day. */
function isCalendarTimestamp(text: string): boolean {
  const m = timestampPattern.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  // Day 0 of the next month is the last of this one (setUTCFullYear, unlike Date.UTC, keeps years below 100).
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  const daysInMonth = lastDay.getUTCDate();
  if (day > daysInMonth) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  return !Number.isNaN(Date.parse(text));
}

const nullableTimestamp: Reader<string | null> = (value, path, context) => {
  if (value === undefined || value === null) return null;
  // Kept as written (not re-formatted) so that export gives back what was imported.
  if (typeof value !== 'string' || !isCalendarTimestamp(value)) {
    return fail(context, path, 'must be an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T12:00:00Z');
  }
  return value;
};

/** `what` names the object in an `ignored` reason ("an element", "provenance"). */
function readFields<R>(fields: Fields<R>, entry: Record<string, unknown>, prefix: string, context: ReadContext, what: string): R {
  const record = {} as R;
  for (const key of Object.keys(fields) as (keyof R & string)[]) {
    record[key] = fields[key](member(entry, key), prefix + key, context);
  }
  for (const key of Object.keys(entry)) {
    if (Object.hasOwn(fields, key)) continue;
    if (context.mode === 'edit') context.reasons.push(`${prefix}${key}: unknown field`);
    // Prefixes are field names such as `provenance.`, plain keys all: they extend the JSON path as they are.
    else context.ignored.push(unknownMember(prefix === '' ? context.at : `${context.at}.${prefix.slice(0, -1)}`, key, Object.keys(fields), what));
  }
  return record;
}

function nullableObject<R>(fields: Fields<R>, what: string): Reader<R | null> {
  return (value, path, context) => {
    if (value === undefined || value === null) return null;
    if (!isPlainObject(value)) return fail(context, path, 'must be an object or null');
    return readFields(fields, value, `${path}.`, context, what);
  };
}

// Fact fields (part 1 "Fact fields").
const provenanceFields: Fields<Provenance> = {
  source: nullableText({ free: true, notBlank: true, max: modelLimits.provenanceSource }),
  revision: nullableText({ free: true, notBlank: true }),
  confidence: numberIn(0, 1, false),
  acceptedBy: nullableGuid,
  acceptedAt: nullableTimestamp,
};

/**
 * Reads a provenance value as the model's records do (part 1 "Fact fields"): null, or the
 * object with every field present; otherwise the reasons, each `<path>.<field>: sentence`.
 * Cost resources carry the same provenance as model facts (docs/costs.md).
 */
export function readProvenance(value: unknown, path = 'provenance'): { ok: true; provenance: Provenance | null } | { ok: false; reasons: string[] } {
  const context: ReadContext = { mode: 'edit', schemaVersion: 1, reasons: [], at: '$', ignored: [] };
  const provenance = nullableObject(provenanceFields, 'provenance')(value, path, context);
  return context.reasons.length === 0 ? { ok: true, provenance } : { ok: false, reasons: context.reasons };
}

const staleFields: Fields<StaleMark> = {
  sinceRevision: requiredText({ free: true, notBlank: true }),
  reason: requiredText({ free: true, notBlank: true, max: modelLimits.staleReason }),
};

const retryFields: Fields<RetryPolicy> = {
  maxAttempts: requiredNumber(numberIn(1, modelLimits.maxAttempts, true)),
  backoffMs: requiredNumber(numberIn(0, modelLimits.backoffMs, true)),
};

const factFields = {
  factStatus: oneOf(factStatuses, 'declared'),
  provenance: nullableObject(provenanceFields, 'provenance'),
  stale: nullableObject(staleFields, 'a stale mark'),
};

/** Field table of every kind, in the order of the spec tables; fact fields last. */
const fieldsOfKind: { readonly [K in ModelKind]: Fields<RecordOfKind[K]> } = {
  element: {
    id: requiredGuid,
    kind: oneOf(elementKinds),
    name,
    description: freeText,
    technology: freeText,
    status: oneOf(elementStatuses),
    parentId: nullableGuid,
    tags: listOf(listText),
    icon: freeText,
    ...factFields,
  },
  relationship: {
    id: requiredGuid,
    fromId: requiredGuid,
    toId: requiredGuid,
    label: freeText,
    technology: freeText,
    kind: oneOf(relationshipKinds, 'structural'),
    lineShape: nullableText({ free: true, max: modelLimits.lineShape }),
    ...factFields,
  },
  message: {
    id: requiredGuid,
    name,
    description: freeText,
    producerId: requiredGuid,
    consumerIds: listOf(listGuid),
    schemaId: nullableGuid,
    tags: listOf(listText),
    ...factFields,
  },
  schema: {
    id: requiredGuid,
    name,
    description: freeText,
    content: requiredText({ free: true }),
    // Not read: "Version in the exporting project; import does not read it."
    version: (_value, _path, context) => context.schemaVersion,
  },
  operation: {
    id: requiredGuid,
    ownerId: requiredGuid,
    name,
    transport: oneOf(transports),
    requestSchemaId: nullableGuid,
    responseSchemaId: nullableGuid,
    timeoutMs: numberIn(0, modelLimits.timeoutMs, true),
    retry: nullableObject(retryFields, 'a retry policy'),
    ...factFields,
  },
  channel: {
    id: requiredGuid,
    name,
    kind: oneOf(channelKinds),
    ...factFields,
  },
  subscription: {
    id: requiredGuid,
    channelId: requiredGuid,
    consumerId: requiredGuid,
    retry: nullableObject(retryFields, 'a retry policy'),
    deadLetterChannelId: nullableGuid,
    ...factFields,
  },
  binding: {
    id: requiredGuid,
    sourceChannelId: requiredGuid,
    targetChannelId: requiredGuid,
    routingKey: nullableText({ notBlank: true, max: 200 }),
    ...factFields,
  },
};

/** Field names of each kind and of the nested objects, in the order the model document writes them. */
export const recordFieldOrder = Object.freeze({
  ...(Object.fromEntries(Object.entries(fieldsOfKind).map(([kind, fields]) => [kind, Object.freeze(Object.keys(fields))])) as Record<ModelKind, readonly string[]>),
  provenance: Object.freeze(Object.keys(provenanceFields)),
  stale: Object.freeze(Object.keys(staleFields)),
  retry: Object.freeze(Object.keys(retryFields)),
});

const recordNoun: Readonly<Record<ModelKind, string>> = {
  element: 'an element',
  relationship: 'a relationship',
  message: 'a message',
  schema: 'a schema',
  operation: 'an operation',
  channel: 'a channel',
  subscription: 'a subscription',
  binding: 'a binding',
};

/**
 * Reads one entry of a model document (or the body of a single edit) into a
 * normalized record: GUIDs in lower case, every nullable field present,
 * lists never null, defaults of part 1 applied. A value of the wrong type is
 * a reason, never an exception.
 *
 * @example
 * readRecord('channel', { id: 'A1B2…', name: 'orders', kind: 'topic' }, { mode: 'import' })
 */
export function readRecord<K extends ModelKind>(kind: K, entry: unknown, options: ReadOptions): ReadResult<K> {
  const context: ReadContext = { mode: options.mode, schemaVersion: options.schemaVersion ?? 1, reasons: [], at: options.at ?? '$', ignored: [] };
  if (!isPlainObject(entry)) {
    return { ok: false, reasons: [`entry: must be an object${entry === null ? ', not null' : ''}`], ignored: [] };
  }
  const record = readFields(fieldsOfKind[kind] as Fields<RecordOfKind[K]>, entry, '', context, recordNoun[kind]);
  return context.reasons.length === 0 ? { ok: true, record, ignored: context.ignored } : { ok: false, reasons: context.reasons, ignored: context.ignored };
}
