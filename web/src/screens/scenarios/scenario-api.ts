import { api, request, type Page } from '../../api/client';

/**
 * The scenario endpoints as the client uses them (part 1 "Scenarios"), with
 * the shapes of their answers: the list item, the stored scenario, the save
 * answer with `ignored`, and the run result.
 */

export interface ScenarioSummary {
  id: string;
  name: string;
}

/** `origin` of a stored scenario: null for one a person wrote. */
export interface ScenarioOrigin {
  kind: string;
  proposalId?: string;
  provider?: string;
  model?: string;
}

/** A stored scenario as GET answers it: the document (any members) with `id`, `name` and `origin`. */
export interface StoredScenario {
  id: string;
  name: string;
  origin: ScenarioOrigin | null;
  [member: string]: unknown;
}

/** A body member no field reads: the save stores the rest and names it here (JSON path from `$`). */
export interface IgnoredMember {
  path: string;
  reason: string;
}

export interface SavedScenario extends StoredScenario {
  ignored: IgnoredMember[];
}

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

export interface TraceEvent {
  sequence: number;
  atMs: number;
  kind: string;
  stepId: string | null;
  attempt: number | null;
  from: string | null;
  to: string | null;
  target: string | null;
  payload: unknown;
  detail: string | null;
  message: string | null;
  headers: Record<string, string> | null;
}

export interface RunIssue {
  stepId: string | null;
  code: string;
  message: string;
}

export interface AssertionResult {
  id: string;
  passed: boolean;
  detail: string;
}

export interface StepOutcome {
  stepId: string;
  outcome: string;
}

export interface RunResult {
  engineVersion: number;
  hash: string;
  modelVersion: number;
  issues: RunIssue[];
  events: TraceEvent[];
  outcomes: StepOutcome[];
  assertions: AssertionResult[];
  /** A name for each ID an event holds. */
  labels: Record<string, string>;
}

/** A draft or variant of the model, which a run can play over instead of main. */
export interface ModelBranch {
  id: string;
  name: string;
  kind: string;
}

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/scenarios`;
const one = (projectId: string, scenarioId: string) => `${base(projectId)}/${encodeURIComponent(scenarioId)}`;

export const scenarioApi = {
  list: (projectId: string, cursor: string | null, signal: AbortSignal) => api.get<Page<ScenarioSummary>>(base(projectId), { query: { cursor, limit: 50 }, signal }),
  get: (projectId: string, scenarioId: string, signal: AbortSignal) => api.get<StoredScenario>(one(projectId, scenarioId), { signal }),
  /** The body is the editor's text as it is, so the server reads exactly what the person wrote (numbers, key order). */
  create: (projectId: string, text: string) => api.post<SavedScenario>(base(projectId), text, { contentType: 'application/json' }),
  replace: (projectId: string, scenarioId: string, text: string) => api.put<SavedScenario>(one(projectId, scenarioId), text, { contentType: 'application/json' }),
  remove: (projectId: string, scenarioId: string) => api.delete<void>(one(projectId, scenarioId)),
  /** The run route reads no body, so none is sent. */
  run: (projectId: string, scenarioId: string, branchId: string | null) => request<RunResult>('POST', `${one(projectId, scenarioId)}/run`, { query: { branchId } }),
  /** The run as Mermaid sequence diagram text (docs/sequence-diagrams.md). */
  runSequence: (projectId: string, scenarioId: string, branchId: string | null, signal: AbortSignal) =>
    request<string>('POST', `${one(projectId, scenarioId)}/run`, { query: { branchId, format: 'sequence' }, as: 'text', signal }),
  branches: (projectId: string, signal: AbortSignal) => api.get<{ items: ModelBranch[] }>(`/api/projects/${encodeURIComponent(projectId)}/branches`, { signal }),
};
