import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { modelKinds, type AnyModelRecord, type FactFields, type MessageRecord, type ModelKind, type ModelSnapshot, type OperationRecord, type SchemaRecord } from './model-records';
import { checkRecord, findReferrers, neighbourhoodOfDelete, neighbourhoodOfIds, neighbourhoodOfRecord } from './model-rules';
import { commitModelChange, loadModelSnapshot, schemaIdsOwnedElsewhere } from './model-store';
import { loadNeighbourhood } from './neighbourhood-store';
import { overlayModel } from './overlay-model';
import type { Neighbourhood } from './partial-model';
import { readRecord } from './record-schemas';
import { lockStream } from './stream-store';
import { uuidV5 } from './uuid-v5';
import { viewsRootedAt } from './view-store';

/** A single-record edit through the API (DECISIONS.md section 2). */
export type RecordEdit =
  | { type: 'create'; entry: unknown }
  | { type: 'replace'; id: string; entry: unknown }
  | { type: 'delete'; id: string };

export interface EditInput {
  streamId: string;
  /**
   * ID of the project's main stream (the project's ID): "A schema ID must not be
   * the ID of the model stream of the project" holds on branches too. Defaults to
   * `streamId`.
   */
  modelStreamId?: string;
  kind: ModelKind;
  edit: RecordEdit;
  actor: string;
  now: Date;
  /**
   * What the rules are checked against: the part of the stored model the
   * change can affect, read by index (the default), or the whole stream, the
   * reference the property tests compare it with. Both give the same answers.
   */
  reads?: ModelReads;
}

/** How an edit reads the stored model (docs/model-document.md "What an edit checks"). */
export type ModelReads = 'affected' | 'whole-model';

export interface EditResult {
  record: AnyModelRecord | null;
  modelVersion: number;
}

/** "parentId: must be a GUID" → {field: parentId, message: must be a GUID}. */
export function reasonsToFieldErrors(reasons: readonly string[]): FieldError[] {
  return reasons.map((reason) => {
    const colon = reason.indexOf(': ');
    return colon > 0 && !reason.slice(0, colon).includes(' ')
      ? { field: reason.slice(0, colon), message: reason.slice(colon + 2) }
      : { field: 'body', message: reason };
  });
}

function refused(kind: ModelKind, reasons: readonly string[]): ValidationError {
  const errors = reasonsToFieldErrors(reasons);
  return new ValidationError(`Invalid ${kind}`, errors, reasons.join('; '));
}

/**
 * Creates, replaces or deletes one record under the stream lock, checked by
 * the same reader and rules as the import; each committed edit raises the
 * stream version by one. A delete that would leave a dangling reference
 * answers 409 naming the referrers.
 */
export async function editModelRecord(db: Kysely<Database> | Transaction<Database>, input: EditInput): Promise<EditResult> {
  // Inside a caller's transaction (a test that compares both ways of reading), or a transaction of its own.
  return db.isTransaction ? editInTransaction(db as Transaction<Database>, input) : db.transaction().execute((trx) => editInTransaction(trx, input));
}

/** The model as `reads` sees it: a neighbourhood per question, or the whole stream read once. */
function modelReader(trx: Transaction<Database>, streamId: string, reads: ModelReads): (wanted: Neighbourhood) => Promise<ModelSnapshot> {
  if (reads === 'affected') return (wanted) => loadNeighbourhood(trx, streamId, wanted);
  let whole: Promise<ModelSnapshot> | undefined;
  return () => (whole ??= loadModelSnapshot(trx, streamId));
}

async function editInTransaction(trx: Transaction<Database>, input: EditInput): Promise<EditResult> {
  const { kind, edit } = input;
  const version = await lockStream(trx, input.streamId);
  const readModel = modelReader(trx, input.streamId, input.reads ?? 'affected');

  if (edit.type === 'delete') {
    const before = await readModel(neighbourhoodOfDelete(kind, edit.id));
    if (!before[kind].has(edit.id)) throw new NotFoundError(`${kind} not found`);
    const referrers: { kind: string; id: string; field: string }[] = findReferrers(before, kind, edit.id);
    // Views belong to the project and name elements of main.
    const onMain = (input.modelStreamId ?? input.streamId) === input.streamId;
    if (kind === 'element' && onMain) {
      for (const viewId of await viewsRootedAt(trx, input.streamId, edit.id)) referrers.push({ kind: 'view', id: viewId, field: 'rootElementId' });
    }
    if (referrers.length > 0) {
      throw new ConflictError(
        `The ${kind} is still referenced`,
        `Delete or change these first: ${referrers.map((r) => `${r.kind} ${r.id} (${r.field})`).join(', ')}.`,
        referrers.map((r) => ({ field: `${r.kind}:${r.id}`, message: `refers to it through ${r.field}` })),
      );
    }
    const modelVersion = await commitModelChange(trx, { streamId: input.streamId, fromVersion: version, writes: [], deletes: [{ kind, id: edit.id }], actor: input.actor, at: input.now, summary: `delete ${kind} ${edit.id}` });
    return { record: null, modelVersion };
  }

  let entry = edit.entry;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw refused(kind, ['body: must be a JSON object']);
  const body = entry as Record<string, unknown>;
  if (edit.type === 'replace') {
    if (body.id !== undefined && (typeof body.id !== 'string' || body.id.toLowerCase() !== edit.id)) throw refused(kind, ['id: must be the ID in the path']);
    entry = { ...body, id: edit.id };
  } else if (body.id === undefined) {
    entry = { ...body, id: randomUUID() };
  }
  // A schema's version is set below from the stored one; the reader's is only a new schema's.
  const read = readRecord(kind, entry, { mode: 'edit' });
  if (!read.ok) {
    // Replacing a record that is not there is 404 whatever the body says.
    if (edit.type === 'replace' && !(await readModel(neighbourhoodOfIds([edit.id])))[kind].has(edit.id)) throw new NotFoundError(`${kind} not found`);
    throw refused(kind, read.reasons);
  }
  let record = rekeyForeignSchemaIds(kind, read.record as AnyModelRecord, input.modelStreamId ?? input.streamId, await schemaIdsOwnedElsewhere(trx, input.modelStreamId ?? input.streamId, schemaIdsOf(kind, read.record as AnyModelRecord, edit.type)));
  // The record's own ID is part of its neighbourhood: the stored record it replaces comes with it.
  const before = await readModel(neighbourhoodOfRecord(kind, record as never));
  const previous = edit.type === 'replace' ? before[kind].get(edit.id) : undefined;
  if (edit.type === 'replace' && !previous) throw new NotFoundError(`${kind} not found`);
  const previousSchema = previous as SchemaRecord | undefined;
  if (edit.type === 'create') {
    const taken = modelKinds.find((k) => before[k].has(record.id));
    const article = taken && /^[aeiou]/.test(taken) ? 'an' : 'a';
    if (taken) throw new ConflictError('ID in use', `The ID ${record.id} is used by ${article} ${taken}.`, [{ field: 'id', message: `is used by ${article} ${taken}` }]);
  }
  // As on import ("Fact with stale mark: mark kept, document mark ignored"): only a scan that finds the evidence again clears it.
  const previousStale = kind === 'schema' ? null : ((previous as FactFields | undefined)?.stale ?? null);
  if (previousStale) record = { ...record, stale: previousStale } as AnyModelRecord;
  if (kind === 'schema' && previousSchema) {
    const next = record as SchemaRecord;
    record = { ...next, version: next.content === previousSchema.content ? previousSchema.version : previousSchema.version + 1 };
  }
  if (previous && isDeepStrictEqual(previous, record)) return { record, modelVersion: version };
  const after = overlayModel(before, [{ kind, record } as never]);
  const reasons = checkRecord(kind, record as never, after, { streamId: input.modelStreamId ?? input.streamId, before });
  if (reasons.length > 0) throw refused(kind, reasons);
  const modelVersion = await commitModelChange(trx, {
    streamId: input.streamId,
    fromVersion: version,
    writes: [{ kind, record, change: previous ? 'changed' : 'added' }],
    deletes: [],
    actor: input.actor,
    at: input.now,
    summary: `${previous ? 'replace' : 'create'} ${kind} ${record.id}`,
  });
  return { record, modelVersion };
}

/** The schema IDs an edit names that import rule 9 may re-key: a new schema's own ID, and a message's or operation's references. */
function schemaIdsOf(kind: ModelKind, record: AnyModelRecord, type: 'create' | 'replace'): string[] {
  if (kind === 'schema') return type === 'create' ? [record.id] : [];
  if (kind === 'message') return [(record as MessageRecord).schemaId].filter((id): id is string => id !== null);
  if (kind === 'operation') {
    const operation = record as OperationRecord;
    return [operation.requestSchemaId, operation.responseSchemaId].filter((id): id is string => id !== null);
  }
  return [];
}

/** Import rule 9 for one edit (DECISIONS.md: every write obeys the import's rules): another project's schema ID gets this project's derived ID. */
function rekeyForeignSchemaIds(kind: ModelKind, record: AnyModelRecord, projectId: string, foreign: ReadonlySet<string>): AnyModelRecord {
  if (foreign.size === 0) return record;
  const rekey = (id: string | null) => (id !== null && foreign.has(id) ? uuidV5(projectId, id) : id);
  if (kind === 'schema') return { ...record, id: rekey(record.id)! };
  if (kind === 'message') return { ...record, schemaId: rekey((record as MessageRecord).schemaId) } as AnyModelRecord;
  if (kind === 'operation') {
    const operation = record as OperationRecord;
    return { ...operation, requestSchemaId: rekey(operation.requestSchemaId), responseSchemaId: rekey(operation.responseSchemaId) } as AnyModelRecord;
  }
  return record;
}
