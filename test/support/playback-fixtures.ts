/**
 * Builders for the tests of lib/core/playback: models from records, steps with
 * every required list present, and a one-line-per-event view of a trace, so
 * each test states only what it is about; and the trace hash rebuilt from its
 * documented bytes.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/core/model/canonical-json';
import type { AnyModelRecord, ModelKind, ModelSnapshot, RecordOfKind } from '../../lib/core/model/model-records';
import { snapshotFromRecords } from '../../lib/core/model/model-document';
import type { PlaybackEvent, RunResult, StepOutcomeEntry } from '../../lib/core/playback/playback-types';
import type { Assertion, BranchStep, CallStep, Fault, JsonValue, ParallelStep, PublishStep, ScenarioDocument, Step, WriteStep } from '../../lib/core/playback/scenario-document';

export { binding, channel, element, guid, message, operation, schema, subscription } from './model-fixtures';

/** A model snapshot of these records, of any kind (kinds told apart by their fields). */
export function modelOf(records: AnyModelRecord[]): ModelSnapshot {
  return snapshotFromRecords(records.map((record) => ({ kind: kindOf(record), record }) as { [K in ModelKind]: { kind: K; record: RecordOfKind[K] } }[ModelKind]));
}

function kindOf(record: AnyModelRecord): ModelKind {
  if ('ownerId' in record) return 'operation';
  if ('sourceChannelId' in record) return 'binding';
  if ('consumerId' in record) return 'subscription';
  if ('producerId' in record) return 'message';
  if ('content' in record) return 'schema';
  if ('fromId' in record) return 'relationship';
  if ('status' in record) return 'element';
  return 'channel';
}

/** A scenario document (a fixed ID, name "Scenario"). */
export function scenarioOf(steps: Step[], faults: Fault[] = [], assertions: Assertion[] = []): ScenarioDocument {
  return { id: '00000000-0000-4000-8000-0000000000ff', name: 'Scenario', steps, faults, assertions };
}

/** A call step. */
export function callStep(id: string, from: string, operation: string, fields: Partial<CallStep> = {}): CallStep {
  return { type: 'call', id, from, operation, request: null, response: null, then: [], onError: [], ...fields };
}

/** A publish step. */
export function publishStep(id: string, from: string, channel: string, message: string, fields: Partial<PublishStep> = {}): PublishStep {
  return { type: 'publish', id, from, channel, message, payload: null, headers: {}, handlers: {}, routingKey: null, ...fields };
}

/** A write step. */
export function writeStep(id: string, by: string, store: string, dataset = 'orders', change: JsonValue = null): WriteStep {
  return { type: 'write', id, by, store, dataset, change };
}

/** A parallel step. */
export function parallelStep(id: string, branches: Step[][]): ParallelStep {
  return { type: 'parallel', id, branches };
}

/** A branch step. */
export function branchStep(id: string, whenStep: string, is: string, then: Step[], otherwise: Step[] = []): BranchStep {
  return { type: 'branch', id, whenStep, is, then, else: otherwise };
}

/** A fault. */
export function fault(target: string, kind: string, failFirst: number | null = null): Fault {
  return { target, kind, failFirst };
}

/**
 * The trace one line per event: `<atMs> <kind> <stepId> <target>[#attempt]`,
 * with IDs replaced by the short names given.
 */
export function traceLines(result: RunResult | readonly PlaybackEvent[], names: Readonly<Record<string, string>>): string[] {
  const events = Array.isArray(result) ? (result as readonly PlaybackEvent[]) : (result as RunResult).events;
  const short = (id: string | null) => (id === null ? '-' : (names[id] ?? id));
  return events.map((e) => `${e.atMs} ${e.kind} ${e.stepId} ${short(e.target)}${e.attempt === null ? '' : `#${e.attempt}`}`);
}

/** The outcomes of a run as stepId → outcome. */
export function outcomesOf(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.outcomes.map((entry) => [entry.stepId, entry.outcome]));
}

/**
 * The bytes trace-hash.ts documents, built the slow, obvious way (a table
 * searched line by line, words through a DataView), so the fast hash is
 * checked against its text rather than against itself.
 */
export function referenceTraceHash(events: readonly PlaybackEvent[], outcomes: readonly StepOutcomeEntry[]): string {
  const table: string[] = [];
  const entry = (line: string) => (table.includes(line) ? table.indexOf(line) : table.push(line) - 1);
  const t = (value: string | null) => (value === null ? null : entry(`T${JSON.stringify(value)}\n`));
  const j = (value: unknown) => (value === null ? null : entry(`J${canonicalJson(value)}\n`));
  const words: Array<number | null> = [events.length, outcomes.length];
  for (const e of events) {
    words.push(e.sequence, e.atMs % 2 ** 32, Math.floor(e.atMs / 2 ** 32), t(e.kind), t(e.stepId), e.attempt, t(e.from), t(e.to), t(e.target), j(e.payload), t(e.detail), t(e.message), j(e.headers));
  }
  for (const o of outcomes) words.push(t(o.stepId), t(o.outcome));
  const bytes = new DataView(new ArrayBuffer(words.length * 4));
  words.forEach((word, i) => {
    bytes.setUint32(i * 4, word ?? 0xffffffff, true);
  });
  return createHash('sha256').update(new Uint8Array(bytes.buffer)).update(table.join(''), 'utf8').digest('hex');
}
