import type { IgnoredMember } from '../../../../contracts/schema-kit';
import type { AssertionResult, RunIssue, RunResult, Scenario, ScenarioSummary, StepOutcomeEntry, TraceEvent, WrittenScenario } from '../../../../contracts/scenarios';
import type { Branch } from '../../../../contracts/streams';
import { request } from '../../api/client';
import { call, pathOf } from '../../api/call';

/**
 * The scenario endpoints as the client uses them (part 1 "Scenarios"), with
 * the shapes of their answers (contracts/scenarios.ts): the list item, the
 * stored scenario, the save answer with `ignored`, and the run result.
 */

export type { AssertionResult, IgnoredMember, RunIssue, RunResult, ScenarioSummary, TraceEvent };

/** A stored scenario as GET answers it: the document (any members) with `id`, `name` and `origin`. */
export type StoredScenario = Scenario;

/** `origin` of a stored scenario (null for one a person wrote). */
export type ScenarioOrigin = NonNullable<Scenario['origin']>;

/** The create and replace answers: the scenario with `ignored`, the body members no field reads. */
export type SavedScenario = WrittenScenario;

export type StepOutcome = StepOutcomeEntry;

/** Part 1 "Events": the trace event kinds. */
export const eventKinds = [
  'RequestSent',
  'ResponseReceived',
  'RequestFailed',
  'RequestTimedOut',
  'RetryScheduled',
  'Published',
  'PublishFailed',
  'Delivered',
  'DeliveryFailed',
  'DeadLettered',
  'Dropped',
  'DataWritten',
  'DataWriteFailed',
  'BranchTaken',
  'StepSkipped',
  'Routed',
  'NotRouted',
] as const;

/** A draft or variant of the model, which a run can play over instead of main. */
export type ModelBranch = Branch;

export const scenarioApi = {
  list: (projectId: string, cursor: string | null, signal: AbortSignal) => call('GET /api/projects/{projectId}/scenarios', { projectId }, { query: { cursor, limit: 50 }, signal }),
  get: (projectId: string, scenarioId: string, signal: AbortSignal) => call('GET /api/projects/{projectId}/scenarios/{scenarioId}', { projectId, scenarioId }, { signal }),
  /** The body is the editor's text as it is, so the server reads exactly what the person wrote (numbers, key order). */
  create: (projectId: string, text: string) => call('POST /api/projects/{projectId}/scenarios', { projectId }, { body: text, contentType: 'application/json' }),
  replace: (projectId: string, scenarioId: string, text: string) => call('PUT /api/projects/{projectId}/scenarios/{scenarioId}', { projectId, scenarioId }, { body: text, contentType: 'application/json' }),
  remove: (projectId: string, scenarioId: string) => call('DELETE /api/projects/{projectId}/scenarios/{scenarioId}', { projectId, scenarioId }),
  /** The run route reads no body, so none is sent. */
  run: (projectId: string, scenarioId: string, branchId: string | null) => call('POST /api/projects/{projectId}/scenarios/{scenarioId}/run', { projectId, scenarioId }, { query: { branchId } }),
  /** The run as Mermaid sequence diagram text (docs/sequence-diagrams.md): text, not a JSON contract, so a plain request. */
  runSequence: (projectId: string, scenarioId: string, branchId: string | null, signal: AbortSignal) =>
    request<string>('POST', pathOf('POST /api/projects/{projectId}/scenarios/{scenarioId}/run', { projectId, scenarioId }), { query: { branchId, format: 'sequence' }, as: 'text', signal }),
  branches: (projectId: string, signal: AbortSignal) => call('GET /api/projects/{projectId}/branches', { projectId }, { signal }),
};
