import { sql, type Kysely, type Transaction } from 'kysely';
import type { Citation, ExplainTarget } from '../../../../contracts/ai';
import type { Database } from '../../../platform/db/schema';
import { ConflictError, NotFoundError } from '../../../platform/errors/service-error';
import type { AnyModelRecord, ModelKind } from '../../../core/model/model-records';
import { referencesOf } from '../../../core/model/model-references';
import { loadNeighbourhood } from '../../../core/model/neighbourhood-store';
import { branchOrMain, type ModelStream } from '../../../core/model/stream-store';
import { playStoredScenario } from '../../scenarios/play-stored-scenario';
import { findScenario } from '../../scenarios/scenario-store';
import type { AiDataPart } from '../ai-task';

/**
 * What an explanation is about (part 1 "AI design proposals", the explain path; docs/ai.md
 * "Explain"): an element, a relationship, a scenario, one event of a scenario's run, or (null)
 * the model as a whole. A run is not stored: a trace event is named by its scenario, its
 * `sequence` in the run over the request's branch (or main), and optionally the run's `hash`,
 * so an explanation never silently describes a run that has changed since it was shown.
 */
export type { ExplainTarget };

type Db = Kysely<Database> | Transaction<Database>;

/** Records sent besides the target at most; the rest are counted in a note. */
export const maxRelatedRecords = 150;
/** Elements and relationships sent for a question about the whole model. */
export const maxOverviewRecords = 400;

interface StoredRecord {
  kind: ModelKind;
  record: AnyModelRecord;
}

const storedId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function recordsByIds(db: Db, streamId: string, ids: Iterable<string>): Promise<StoredRecord[]> {
  const wanted = [...new Set([...ids].map((id) => id.toLowerCase()))].filter((id) => storedId.test(id));
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('model_entities').select(['kind', 'body']).where('stream_id', '=', streamId).where(sql<boolean>`id = any(${wanted}::uuid[])`).orderBy('kind').orderBy('id').execute();
  return rows.map((row) => ({ kind: row.kind as ModelKind, record: row.body as AnyModelRecord }));
}

/** The target record and every record that refers to it (children, relationships, messages, operations…). */
async function recordWithReferrers(db: Db, streamId: string, kind: ModelKind, id: string): Promise<{ target: AnyModelRecord | undefined; referrers: StoredRecord[] }> {
  const model = await loadNeighbourhood(db, streamId, { ids: [id], ancestors: null, referrersOf: [{ kind, id }], bindingsLike: [] });
  const target = model[kind].get(id) as AnyModelRecord | undefined;
  if (!target) return { target, referrers: [] };
  const referrers = model.referrerCandidates(kind, id).flatMap((r) => {
    const record = model[r.kind].get(r.id) as AnyModelRecord | undefined;
    return record ? [{ kind: r.kind, record }] : [];
  });
  return { target, referrers };
}

/** Every GUID a JSON value holds, in order of appearance. */
function guidsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (storedId.test(value.toLowerCase())) found.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) guidsIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) guidsIn(item, found);
  }
  return found;
}

function recordPart(label: string, kind: ModelKind, record: AnyModelRecord): AiDataPart {
  // Model records are the model's own text, not a repository's: part 1's privacy rule is about repository text.
  return { label: `${label} ${kind} ${record.id}`, text: JSON.stringify(record), fromPrivateRepository: false };
}

function relatedParts(related: readonly StoredRecord[], exclude: ReadonlySet<string>): AiDataPart[] {
  const seen = new Set(exclude);
  const unique = related.filter(({ record }) => {
    if (seen.has(record.id)) return false;
    seen.add(record.id);
    return true;
  });
  const parts = unique.slice(0, maxRelatedRecords).map(({ kind, record }) => recordPart('related', kind, record));
  if (unique.length > maxRelatedRecords) parts.push({ label: 'note', text: `${unique.length - maxRelatedRecords} more related records are not shown.`, fromPrivateRepository: false });
  return parts;
}

export interface ExplainMaterial {
  stream: ModelStream;
  /** The model's data parts: the target and what surrounds it. */
  parts: AiDataPart[];
}

/** Elements and relationships of the model, for a question about the whole. */
async function overview(db: Db, stream: ModelStream): Promise<AiDataPart[]> {
  const rows = await db
    .selectFrom('model_entities')
    .select(['kind', 'body'])
    .where('stream_id', '=', stream.id)
    .where('kind', 'in', ['element', 'relationship'])
    .orderBy('kind')
    .orderBy('id')
    .limit(maxOverviewRecords + 1)
    .execute();
  const parts = rows.slice(0, maxOverviewRecords).map((row) => recordPart('model', row.kind as ModelKind, row.body as AnyModelRecord));
  if (rows.length > maxOverviewRecords) parts.push({ label: 'note', text: `The model holds more than ${maxOverviewRecords} elements and relationships; the first ${maxOverviewRecords} by kind and ID are shown.`, fromPrivateRepository: false });
  return parts;
}

async function elementOrRelationship(db: Db, stream: ModelStream, kind: 'element' | 'relationship', id: string): Promise<AiDataPart[]> {
  const { target, referrers } = await recordWithReferrers(db, stream.id, kind, id);
  if (!target) throw new NotFoundError(kind === 'element' ? 'Element not found' : 'Relationship not found', `The model read holds no ${kind} ${id}.`);
  // What the target and its referrers name: the parent, the other end of each relationship, schemas, channels.
  const holders: StoredRecord[] = [{ kind, record: target }, ...referrers];
  const named = holders.flatMap((holder) => referencesOf(holder.kind, holder.record).map((ref) => ref.id));
  const others = await recordsByIds(db, stream.id, named);
  return [recordPart('target', kind, target), ...relatedParts([...referrers, ...others], new Set([target.id]))];
}

async function scenarioParts(db: Db, projectId: string, stream: ModelStream, id: string): Promise<AiDataPart[]> {
  const scenario = await findScenario(db, projectId, id);
  if (!scenario) throw new NotFoundError('Scenario not found', `The project holds no scenario ${id}.`);
  const document = { id: scenario.id, name: scenario.name, ...scenario.document };
  const records = await recordsByIds(db, stream.id, guidsIn(scenario.document));
  return [{ label: `target scenario ${scenario.id}`, text: JSON.stringify(document), fromPrivateRepository: false }, ...relatedParts(records, new Set())];
}

/** Events shown on each side of the one explained, so the model sees what led to it and followed. */
const eventContext = 3;

async function traceEventParts(db: Kysely<Database>, projectId: string, stream: ModelStream, target: Extract<ExplainTarget, { kind: 'trace-event' }>): Promise<AiDataPart[]> {
  const played = await playStoredScenario(db, { projectId, scenarioId: target.scenarioId, branchId: stream.kind === 'main' ? null : stream.id });
  if (!played.scenario || !played.result) throw new NotFoundError('Scenario not found', `The project holds no scenario ${target.scenarioId}.`);
  const run = played.result;
  if (target.runHash !== null && target.runHash.toLowerCase() !== run.hash) {
    throw new ConflictError('Run changed', `The scenario now plays to a run with hash ${run.hash}, not ${target.runHash}: the model or the scenario changed since. Run it again and ask about the new run.`, [
      { field: 'target.runHash', message: 'is not the hash of the run now' },
    ]);
  }
  const index = run.events.findIndex((event) => event.sequence === target.sequence);
  if (index < 0) throw new NotFoundError('Trace event not found', `The run of scenario ${target.scenarioId} has ${run.events.length} events; none has sequence ${target.sequence}.`);
  const event = run.events[index]!;
  const around = run.events.slice(Math.max(0, index - eventContext), index + eventContext + 1).filter((e) => e !== event);
  const step = ((played.scenario.document.steps as { id?: unknown }[] | undefined) ?? []).find((s) => s?.id === event.stepId);
  const records = await recordsByIds(db, stream.id, [event.target, event.from, event.to, event.message].filter((id): id is string => id !== null));
  return [
    { label: `target trace-event ${event.sequence} of scenario ${played.scenario.id}`, text: JSON.stringify(event), fromPrivateRepository: false },
    { label: `scenario ${played.scenario.id}`, text: JSON.stringify({ id: played.scenario.id, name: played.scenario.name, runHash: run.hash, events: run.events.length }), fromPrivateRepository: false },
    ...(step ? [{ label: `step ${String(event.stepId)}`, text: JSON.stringify(step), fromPrivateRepository: false }] : []),
    ...around.map((e) => ({ label: `nearby trace-event ${e.sequence}`, text: JSON.stringify(e), fromPrivateRepository: false })),
    { label: 'labels', text: JSON.stringify(run.labels), fromPrivateRepository: false },
    ...relatedParts(records, new Set()),
  ];
}

/** The data an explanation is built from: the target and its surroundings in the branch (or main). 404 for an unknown branch or target. */
export async function explainMaterial(db: Kysely<Database>, input: { projectId: string; branchId: string | null; target: ExplainTarget | null }): Promise<ExplainMaterial> {
  const stream = await branchOrMain(db, input.projectId, input.branchId);
  const target = input.target;
  if (target?.kind === 'trace-event') return { stream, parts: await traceEventParts(db, input.projectId, stream, target) };
  const parts = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      if (target === null) return overview(trx, stream);
      if (target.kind === 'scenario') return scenarioParts(trx, input.projectId, stream, target.id);
      return elementOrRelationship(trx, stream, target.kind, target.id);
    });
  return { stream, parts };
}

/** A record the model holds, as a citation names it (a kind of the model the contract does not list fails to compile below). */
export type { Citation };

/**
 * The IDs an answer cites that the model read holds (any record kind, or a scenario of the
 * project), in the answer's order, each once; the rest are left out and counted.
 */
export async function existingCitations(db: Kysely<Database>, input: { projectId: string; streamId: string; ids: readonly string[] }): Promise<{ citations: Citation[]; leftOut: number }> {
  const normalised = input.ids.map((id) => id.trim().toLowerCase());
  const wanted = [...new Set(normalised.filter((id) => storedId.test(id)))];
  const found = new Map<string, Citation>();
  if (wanted.length > 0) {
    const records = await db.selectFrom('model_entities').select(['id', 'kind', 'body']).where('stream_id', '=', input.streamId).where(sql<boolean>`id = any(${wanted}::uuid[])`).execute();
    for (const row of records) {
      const body = row.body as { name?: unknown; label?: unknown };
      const name = typeof body.name === 'string' ? body.name : typeof body.label === 'string' ? body.label : null;
      found.set(row.id, { id: row.id, kind: row.kind as ModelKind, name });
    }
    const scenarios = await db.selectFrom('scenarios').select(['id', 'name']).where('project_id', '=', input.projectId).where('deleted_at', 'is', null).where(sql<boolean>`id = any(${wanted}::uuid[])`).execute();
    for (const row of scenarios) if (!found.has(row.id)) found.set(row.id, { id: row.id, kind: 'scenario', name: row.name });
  }
  const citations = wanted.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  return { citations, leftOut: new Set(normalised).size - citations.length };
}
