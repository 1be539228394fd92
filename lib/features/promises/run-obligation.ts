/**
 * Runs one obligation of a promise and appends the run. A `scenario-check`
 * plays its scenario over the main model: passed when the scenario plays
 * without issues and every assertion holds, failed when an assertion fails,
 * not-run when the scenario is missing or has validation issues. The service
 * runs no other kind: those answer `unsupported` (docs/decisions.md "Promises").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError } from '../../platform/errors/service-error';
import { playStoredScenario } from '../scenarios/play-stored-scenario';
import { obligationKeyOf, obligationNumberOf, type Obligation, type PromiseRecord, type PromiseRevision, type RunResultValue } from './promise-records';
import { runView, type RunView } from './promise-status';
import { findPromise, insertPromiseRun, type NewPromiseRun } from './promise-store';
import { readPromiseInputs } from './promise-views';

/** Who ran a scenario-check: the playback engine of this service. */
const playbackActor = 'service:playback-engine';

export interface RunObligationInput {
  projectId: string;
  promiseId: string;
  /** Obligation ID or key (`O2`). */
  obligation: string;
  /** true: the draft's obligation; false: the one in force; undefined: in force when it has it, else the draft. */
  draft: boolean | undefined;
  startedBy: string;
  now: Date;
  newId: () => string;
}

function matches(o: Obligation, reference: string): boolean {
  const number = obligationNumberOf(reference);
  return number !== null ? o.key === obligationKeyOf(number) : o.id === reference.toLowerCase();
}

/** The revision and obligation a run is for. */
function pickTarget(promise: PromiseRecord, reference: string, draft: boolean | undefined): { revision: PromiseRevision; obligation: Obligation } {
  const candidates = draft === true ? [promise.draft] : draft === false ? [promise.inForce] : [promise.inForce, promise.draft];
  for (const revision of candidates) {
    const obligation = revision?.obligations.find((o) => matches(o, reference));
    if (revision && obligation) return { revision, obligation };
  }
  if (draft === true && !promise.draft) throw new ConflictError('No draft', 'This promise has no draft revision to run.');
  if (draft === false && !promise.inForce) throw new ConflictError('Not in force', 'This promise has no revision in force yet; run the draft or approve it.');
  throw new NotFoundError('Obligation not found', `The ${draft === true ? 'draft' : draft === false ? 'in-force revision' : 'promise'} has no obligation ${reference}.`);
}

type RunOutcome = Omit<NewPromiseRun, 'id' | 'promiseId' | 'obligationId' | 'promiseRevision' | 'draft' | 'startedBy' | 'at'>;

async function scenarioCheck(db: Kysely<Database>, projectId: string, obligation: Obligation): Promise<RunOutcome> {
  const scenarioId = String(obligation.recipe?.scenarioId ?? '').toLowerCase();
  const played = await playStoredScenario(db, { projectId, scenarioId });
  const base = {
    scope: 'model:main',
    environment: 'playback',
    modelRevision: played.modelVersion,
    commitSha: null,
    inputs: { scenarioId, scenarioHash: played.scenarioHash, modelVersion: played.modelVersion },
    actor: playbackActor,
  };
  const declared = `Playback of the declared model (main, version ${played.modelVersion}) and scenario: declared behaviour, never a measurement of a running system.`;
  if (!played.scenario || !played.result) {
    return { ...base, result: 'not-run', evidence: [], limitations: [declared], detail: `The scenario ${scenarioId} is not in the project (never created, or deleted).`, assertions: [] };
  }
  const run = played.result;
  const evidence = [{ kind: 'scenario-run', scenarioId, engineVersion: run.engineVersion, hash: run.hash, modelVersion: run.modelVersion, eventCount: run.events.length, issueCount: run.issues.length }];
  if (run.issues.length > 0) {
    const listed = run.issues.slice(0, 20).map((i) => `${i.code}${i.stepId ? ` at step ${i.stepId}` : ''}: ${i.message}`);
    return {
      ...base,
      result: 'not-run',
      evidence,
      limitations: [declared],
      detail: `The scenario has ${run.issues.length} validation issue(s) and did not play: ${listed.join('; ')}${run.issues.length > 20 ? '; …' : ''}`,
      assertions: [],
    };
  }
  const failed = run.assertions.filter((a) => !a.passed);
  const result: RunResultValue = failed.length > 0 ? 'failed' : 'passed';
  const limitations = run.assertions.length === 0 ? [declared, 'The scenario has no assertions: passed says only that it played without validation issues.'] : [declared];
  const detail =
    failed.length > 0
      ? `${failed.length} of ${run.assertions.length} assertion(s) failed: ${failed.map((a) => a.id).join(', ')}.`
      : `The scenario played without issues; ${run.assertions.length} of ${run.assertions.length} assertion(s) held.`;
  return { ...base, result, evidence, limitations, detail, assertions: run.assertions.map((a) => ({ id: a.id, passed: a.passed, detail: a.detail })) };
}

function unsupported(obligation: Obligation): RunOutcome {
  return {
    result: 'unsupported',
    scope: obligation.kind,
    environment: null,
    modelRevision: null,
    commitSha: null,
    evidence: [],
    limitations: [`The service does not run ${obligation.kind} obligations; the result says nothing about the promise.`],
    detail: `A ${obligation.kind} obligation cannot be run by the service.`,
    inputs: {},
    assertions: [],
    actor: 'service',
  };
}

/** Runs an obligation and appends the run; answers the run as list_promise_runs shows it. */
export async function runObligation(db: Kysely<Database>, input: RunObligationInput): Promise<RunView> {
  const promise = await findPromise(db, input.projectId, input.promiseId);
  if (!promise) throw new NotFoundError('Promise not found');
  const { revision, obligation } = pickTarget(promise, input.obligation, input.draft);
  const outcome = obligation.kind === 'scenario-check' ? await scenarioCheck(db, input.projectId, obligation) : unsupported(obligation);
  const run = await insertPromiseRun(db, {
    ...outcome,
    id: input.newId(),
    promiseId: promise.id,
    obligationId: obligation.id,
    promiseRevision: revision.revision,
    draft: revision.status === 'draft',
    startedBy: input.startedBy,
    at: input.now,
  });
  return runView(promise, run, await readPromiseInputs(db, input.projectId, [], [run]));
}
