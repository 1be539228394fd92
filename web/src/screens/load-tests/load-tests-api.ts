/**
 * The load-test endpoints as the client calls them (docs/load-tests.md), with
 * the shapes of their answers. Targets, scripts and stress runs come from the
 * service's own record types (a file with no imports); the rest is copied
 * from lib/features/load-tests, kept to what the screens read.
 */
import { api, request } from '../../api/client';
import type { LoadTestScript, LoadTestTarget, StressRun } from '../../../../lib/features/load-tests/load-test-records';

export type { LoadTestScript, LoadTestTarget, StressRun, TargetKind } from '../../../../lib/features/load-tests/load-test-records';

export const profileShapes = ['ramp', 'steady', 'spike', 'soak'] as const;
export type ProfileShape = (typeof profileShapes)[number];

export interface LoadStage {
  durationSeconds: number;
  targetRate: number;
}

/** A profile's values; a stored one has `id`, `createdBy`, `createdAt` too. */
export interface ProfileValues {
  name: string;
  shape: ProfileShape;
  seed: number;
  durationSeconds: number;
  warmUpSeconds: number;
  arrivalRatePerSecond: number;
  peakRatePerSecond: number;
  virtualUsers: number;
  stages: LoadStage[];
}

export interface StressProfile extends ProfileValues {
  id: string;
  createdBy: string;
  createdAt: string;
}

export interface StressDefaults {
  simulation: { seed: number; durationSeconds: number; warmUpSeconds: number; arrivalRatePerSecond: number };
  profiles: ProfileValues[];
}

/** Members of a profile request; each left out is taken from the defaults of the shape. Text the person typed that is no number is sent as it is, so the API names the field. */
export type ProfileRequest = { shape: string } & Partial<Record<'name' | 'seed' | 'durationSeconds' | 'warmUpSeconds' | 'arrivalRatePerSecond' | 'peakRatePerSecond' | 'virtualUsers', string | number>>;

export interface OperationFigures {
  operationId: string;
  name: string | null;
  count: number;
  failures: number;
  errorRate: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number | null;
  avgMs: number | null;
  minMs: number | null;
  maxMs: number | null;
  throughputPerSecond: number;
}

export interface ResultProvenance {
  tool: string;
  runAt: string;
  environment: string | null;
  source: string;
  uploadedBy: string;
  uploadedAt: string;
}

export interface LoadTestResult {
  id: string;
  targetId: string;
  scriptId: string;
  stressRunId: string | null;
  format: 'k6-summary-export' | 'k6-handle-summary' | 'generic';
  truth: 'measured';
  provenance: ResultProvenance;
  measurements: {
    operations: OperationFigures[];
    iterations: number | null;
    checks: { passes: number; fails: number } | null;
    durationSeconds: number | null;
  };
  /** The body as it was sent: only when one result is read. */
  raw?: unknown;
}

export type Verdict = 'regressed' | 'improved' | 'same';

export interface MetricChange {
  baseline: number;
  candidate: number;
  change: number | null;
  verdict: Verdict;
}

export interface ResultHead {
  id: string;
  targetId: string;
  scriptId: string;
  truth: 'measured';
  provenance: ResultProvenance;
}

export interface Regression {
  baseline: ResultHead;
  candidate: ResultHead;
  thresholds: { p95ChangePercent: number; errorRateChangePoints: number; throughputChangePercent: number };
  verdict: Verdict;
  operations: { operationId: string; name: string | null; p95Ms: MetricChange; errorRate: MetricChange; throughputPerSecond: MetricChange; verdict: Verdict }[];
  onlyInBaseline: string[];
  onlyInCandidate: string[];
}

export interface EstimateLine {
  operationId: string;
  operationName: string | null;
  check: 'timeout-p95' | 'timeout-p99' | 'retry-budget' | 'expected-calls' | 'usage';
  assumptionId: string | null;
  declared: number | null;
  measured: number | null;
  unit: string;
  status: 'within' | 'outside' | 'not-comparable';
  detail: string;
}

export interface EstimateComparison {
  result: ResultHead;
  run: { id: string; promiseId: string; scenarioId: string; modelVersion: number | null; hash: string; at: string; truth: 'declared'; reproduced: boolean; replayedAtModelVersion: number | null };
  lines: EstimateLine[];
}

/** A promise as its list gives it, and one of its runs: the estimate comparison names a scenario-check run. */
export interface PromiseItem {
  id: string;
  requirementId: string;
  title: string;
}

export interface PromiseRun {
  id: string;
  obligationId: string;
  result: string;
  at: string;
  evidence: unknown[];
}

/** Whether a promise run played a scenario (a `scenario-run` entry in its evidence): only those can be compared with a result. */
export function playedScenario(run: PromiseRun): boolean {
  return run.evidence.some((e) => e !== null && typeof e === 'object' && (e as { kind?: unknown }).kind === 'scenario-run');
}

const project = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const L = (projectId: string) => `${project(projectId)}/load-tests`;
const one = (projectId: string, collection: string, id: string) => `${L(projectId)}/${collection}/${encodeURIComponent(id)}`;

export interface TargetRequest {
  kind: string;
  id: string;
  stepId: string | null;
}

export const targetsApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: LoadTestTarget[] }>(`${L(projectId)}/targets`, signal ? { signal } : {}),
  create: (projectId: string, body: TargetRequest) => api.post<LoadTestTarget>(`${L(projectId)}/targets`, body),
  replace: (projectId: string, targetId: string, body: TargetRequest) => api.put<LoadTestTarget>(one(projectId, 'targets', targetId), body),
  remove: (projectId: string, targetId: string) => api.delete<void>(one(projectId, 'targets', targetId)),
  authorise: (projectId: string, targetId: string, body: { baseUrl: string; environment: string | null; version: number }) => api.post<LoadTestTarget>(`${one(projectId, 'targets', targetId)}/authorise`, body),
  withdraw: (projectId: string, targetId: string) => api.delete<LoadTestTarget>(`${one(projectId, 'targets', targetId)}/authorisation`),
  override: (projectId: string, targetId: string, body: { allowNonIdempotent: boolean; allowFailureInjection: boolean; reason: string | null; confirmName: string | null }) =>
    api.put<LoadTestTarget>(`${one(projectId, 'targets', targetId)}/override`, body),
};

export const profilesApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: StressProfile[] }>(`${L(projectId)}/profiles`, signal ? { signal } : {}),
  defaults: (projectId: string, signal?: AbortSignal) => api.get<StressDefaults>(`${project(projectId)}/stress/defaults`, signal ? { signal } : {}),
  create: (projectId: string, body: ProfileRequest) => api.post<StressProfile>(`${L(projectId)}/profiles`, body),
  remove: (projectId: string, profileId: string) => api.delete<void>(one(projectId, 'profiles', profileId)),
};

export const scriptsApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: LoadTestScript[] }>(`${L(projectId)}/scripts`, signal ? { signal } : {}),
  get: (projectId: string, scriptId: string, signal?: AbortSignal) => api.get<LoadTestScript>(one(projectId, 'scripts', scriptId), signal ? { signal } : {}),
  /** 201 a new script, 200 the one written before from the same inputs: the status says which. */
  write: async (projectId: string, body: { targetId: string; profileId: string }, branchId: string | null): Promise<{ script: LoadTestScript; created: boolean }> => {
    const response = await request<Response>('POST', `${L(projectId)}/scripts`, { body, query: { branchId }, as: 'response' });
    return { script: (await response.json()) as LoadTestScript, created: response.status === 201 };
  },
};

export const runsApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: StressRun[] }>(`${L(projectId)}/runs`, signal ? { signal } : {}),
  start: (projectId: string, scriptId: string) => api.post<StressRun>(`${L(projectId)}/runs`, { scriptId }),
  /** The finish route reads no body, so none is sent. */
  finish: (projectId: string, runId: string) => request<StressRun>('POST', `${one(projectId, 'runs', runId)}/finish`),
};

export interface ResultUpload {
  scriptId: string;
  stressRunId: string | null;
  environment: string | null;
  runAt: string | null;
  /** The summary as the person pasted it, or the file they chose, sent as it is. */
  body: string | Blob;
}

export const resultsApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: LoadTestResult[] }>(`${L(projectId)}/results`, signal ? { signal } : {}),
  get: (projectId: string, resultId: string, signal?: AbortSignal) => api.get<LoadTestResult>(one(projectId, 'results', resultId), signal ? { signal } : {}),
  upload: (projectId: string, upload: ResultUpload) =>
    api.post<LoadTestResult>(`${L(projectId)}/results`, upload.body, {
      contentType: 'application/json',
      query: { scriptId: upload.scriptId, stressRunId: upload.stressRunId, environment: upload.environment, runAt: upload.runAt },
    }),
  remove: (projectId: string, resultId: string) => api.delete<void>(one(projectId, 'results', resultId)),
};

export const compareApi = {
  results: (projectId: string, baseline: string, candidate: string, signal?: AbortSignal) => api.get<Regression>(`${L(projectId)}/compare/results`, { query: { baseline, candidate }, ...(signal ? { signal } : {}) }),
  estimate: (projectId: string, resultId: string, runId: string, signal?: AbortSignal) => api.get<EstimateComparison>(`${L(projectId)}/compare/estimate`, { query: { resultId, runId }, ...(signal ? { signal } : {}) }),
  promises: (projectId: string, signal?: AbortSignal) => api.get<{ items: PromiseItem[]; nextCursor: string | null }>(`${project(projectId)}/promises`, { query: { limit: 100 }, ...(signal ? { signal } : {}) }),
  promiseRuns: (projectId: string, promiseId: string, signal?: AbortSignal) =>
    api.get<{ items: PromiseRun[]; nextCursor: string | null }>(`${project(projectId)}/promises/${encodeURIComponent(promiseId)}/runs`, { query: { limit: 100 }, ...(signal ? { signal } : {}) }),
};

/** A number as the API gave it; a dash for a value it does not know. */
export function figure(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(value);
}
