/**
 * The load-test endpoints as the client calls them (docs/load-tests.md), with
 * the shapes of their answers: the contract's types (contracts/load-tests.ts),
 * typed by route, and the promises and their runs the estimate comparison names
 * (contracts/promises.ts).
 */
import type {
  EstimateComparison,
  EstimateLine,
  LoadStage,
  LoadTestResult,
  LoadTestScript,
  LoadTestTarget,
  MetricChange,
  OperationFigures,
  ProfileValues,
  Regression,
  ResultHead,
  ResultProvenance,
  StressDefaults,
  StressProfileView as StressProfile,
  StressRun,
  TargetKind,
  Verdict,
} from '../../../../contracts/load-tests';
import type { PromiseListItem as PromiseItem, PromiseRunView as PromiseRun } from '../../../../contracts/promises';
import { request } from '../../api/client';
import { call, pathOf } from '../../api/call';

export type {
  EstimateComparison,
  EstimateLine,
  LoadStage,
  LoadTestResult,
  LoadTestScript,
  LoadTestTarget,
  MetricChange,
  OperationFigures,
  ProfileValues,
  Regression,
  ResultHead,
  ResultProvenance,
  StressDefaults,
  StressProfile,
  StressRun,
  TargetKind,
  Verdict,
};

export const profileShapes = ['ramp', 'steady', 'spike', 'soak'] as const satisfies readonly ProfileValues['shape'][];
export type ProfileShape = (typeof profileShapes)[number];

/** Members of a profile request; each left out is taken from the defaults of the shape. Text the person typed that is no number is sent as it is, so the API names the field. */
export type ProfileRequest = { shape: string } & Partial<Record<'name' | 'seed' | 'durationSeconds' | 'warmUpSeconds' | 'arrivalRatePerSecond' | 'peakRatePerSecond' | 'virtualUsers', string | number>>;

/** A promise as its list gives it, and one of its runs: the estimate comparison names a scenario-check run. */
export type { PromiseItem, PromiseRun };

/** Whether a promise run played a scenario (a `scenario-run` entry in its evidence): only those can be compared with a result. */
export function playedScenario(run: PromiseRun): boolean {
  return run.evidence.some((e) => e !== null && typeof e === 'object' && (e as { kind?: unknown }).kind === 'scenario-run');
}

export interface TargetRequest {
  kind: string;
  id: string;
  stepId: string | null;
}

export const targetsApi = {
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/targets', { projectId }, signal ? { signal } : {}),
  create: (projectId: string, body: TargetRequest) => call('POST /api/projects/{projectId}/load-tests/targets', { projectId }, { body }),
  replace: (projectId: string, targetId: string, body: TargetRequest) => call('PUT /api/projects/{projectId}/load-tests/targets/{targetId}', { projectId, targetId }, { body }),
  remove: (projectId: string, targetId: string) => call('DELETE /api/projects/{projectId}/load-tests/targets/{targetId}', { projectId, targetId }),
  authorise: (projectId: string, targetId: string, body: { baseUrl: string; environment: string | null; version: number }) =>
    call('POST /api/projects/{projectId}/load-tests/targets/{targetId}/authorise', { projectId, targetId }, { body }),
  withdraw: (projectId: string, targetId: string) => call('DELETE /api/projects/{projectId}/load-tests/targets/{targetId}/authorisation', { projectId, targetId }),
  override: (projectId: string, targetId: string, body: { allowNonIdempotent: boolean; allowFailureInjection: boolean; reason: string | null; confirmName: string | null }) =>
    call('PUT /api/projects/{projectId}/load-tests/targets/{targetId}/override', { projectId, targetId }, { body }),
};

export const profilesApi = {
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/profiles', { projectId }, signal ? { signal } : {}),
  defaults: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/stress/defaults', { projectId }, signal ? { signal } : {}),
  create: (projectId: string, body: ProfileRequest) => call('POST /api/projects/{projectId}/load-tests/profiles', { projectId }, { body }),
  remove: (projectId: string, profileId: string) => call('DELETE /api/projects/{projectId}/load-tests/profiles/{profileId}', { projectId, profileId }),
};

export const scriptsApi = {
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/scripts', { projectId }, signal ? { signal } : {}),
  get: (projectId: string, scriptId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/scripts/{scriptId}', { projectId, scriptId }, signal ? { signal } : {}),
  /** 201 a new script, 200 the one written before from the same inputs: the status says which. */
  write: async (projectId: string, body: { targetId: string; profileId: string }, branchId: string | null): Promise<{ script: LoadTestScript; created: boolean }> => {
    const response = await request<Response>('POST', pathOf('POST /api/projects/{projectId}/load-tests/scripts', { projectId }), { body, query: { branchId }, as: 'response' });
    return { script: (await response.json()) as LoadTestScript, created: response.status === 201 };
  },
};

export const runsApi = {
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/runs', { projectId }, signal ? { signal } : {}),
  start: (projectId: string, scriptId: string) => call('POST /api/projects/{projectId}/load-tests/runs', { projectId }, { body: { scriptId } }),
  /** The finish route reads no body, so none is sent. */
  finish: (projectId: string, runId: string) => call('POST /api/projects/{projectId}/load-tests/runs/{runId}/finish', { projectId, runId }),
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
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/results', { projectId }, signal ? { signal } : {}),
  get: (projectId: string, resultId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/load-tests/results/{resultId}', { projectId, resultId }, signal ? { signal } : {}),
  upload: (projectId: string, upload: ResultUpload) =>
    call('POST /api/projects/{projectId}/load-tests/results', { projectId }, {
      body: upload.body,
      contentType: 'application/json',
      query: { scriptId: upload.scriptId, stressRunId: upload.stressRunId, environment: upload.environment, runAt: upload.runAt },
    }),
  remove: (projectId: string, resultId: string) => call('DELETE /api/projects/{projectId}/load-tests/results/{resultId}', { projectId, resultId }),
};

export const compareApi = {
  results: (projectId: string, baseline: string, candidate: string, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/load-tests/compare/results', { projectId }, { query: { baseline, candidate }, ...(signal ? { signal } : {}) }),
  estimate: (projectId: string, resultId: string, runId: string, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/load-tests/compare/estimate', { projectId }, { query: { resultId, runId }, ...(signal ? { signal } : {}) }),
  promises: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/promises', { projectId }, { query: { limit: 100 }, ...(signal ? { signal } : {}) }),
  promiseRuns: (projectId: string, promiseId: string, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/promises/{promiseId}/runs', { projectId, promiseId }, { query: { limit: 100 }, ...(signal ? { signal } : {}) }),
};

/** A number as the API gave it; a dash for a value it does not know. */
export function figure(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : String(value);
}
