/**
 * What a promise's revisions and runs add up to: state, counts, gaps, missing
 * links, and whether each run still holds. Pure: everything read from the
 * database comes in as `PromiseInputs` (docs/decisions.md "Promises").
 */
import type { EvidenceStatus, MissingLink, ObligationStatus, PromiseDetail, PromiseListItem, PromiseRunView, PromiseState, ResultCounts } from '../../../contracts/promises';
import { requirementIdOf, type PromiseRecord, type PromiseRevision, type PromiseRun } from './promise-records';

/** What the named inputs of runs and links are now. */
export interface PromiseInputs {
  /** The current version of the main model. */
  mainVersion: number;
  /** Elements of the main model among those the revisions link. */
  existingElementIds: ReadonlySet<string>;
  /** Live scenarios among those the revisions and runs name, with the fingerprint of their document. */
  scenarioFingerprints: ReadonlyMap<string, string>;
}

/** A run as the API shows it (contracts/promises.ts): as stored, with `current` (the run is for the revision that now counts and none of its inputs moved) and `stale` (an input moved since: the main model version, or the scenario it played). */
export type RunView = PromiseRunView;

/** `draft` until a revision is approved (not yet a requirement), then `in-force`. */
export function stateOf(promise: PromiseRecord): PromiseState {
  return promise.inForce ? 'in-force' : 'draft';
}

/** The revision list_promises counts and titles: the one in force, else the draft. */
export function countedRevision(promise: PromiseRecord): PromiseRevision {
  return (promise.inForce ?? promise.draft)!;
}

/** Whether an input of the run moved: the main model version, or the document of the scenario it played. */
export function runIsStale(run: PromiseRun, inputs: PromiseInputs): boolean {
  if (run.modelRevision !== null && run.modelRevision !== inputs.mainVersion) return true;
  const scenarioId = typeof run.inputs.scenarioId === 'string' ? run.inputs.scenarioId : null;
  if (scenarioId === null) return false;
  const then = typeof run.inputs.scenarioHash === 'string' ? run.inputs.scenarioHash : null;
  return (inputs.scenarioFingerprints.get(scenarioId) ?? null) !== then;
}

/** A run as the API shows it, with `current` and `stale`. */
export function runView(promise: PromiseRecord, run: PromiseRun, inputs: PromiseInputs): RunView {
  const { seq: _seq, promiseId: _promiseId, ...rest } = run;
  const stale = runIsStale(run, inputs);
  const countsFor = run.draft ? promise.draft?.revision : promise.inForce?.revision;
  return { ...rest, current: !stale && countsFor === run.promiseRevision, stale };
}

/**
 * Evidence of one revision: per obligation the latest run made for exactly
 * this revision (runs of a draft carry `draft: true` and do not count once it
 * is approved), and the gaps — obligations without a current result that
 * says something (never run, not-run, unsupported, stale).
 */
export function evidenceStatusOf(revision: PromiseRevision, runs: readonly PromiseRun[], inputs: PromiseInputs): EvidenceStatus {
  const draft = revision.status === 'draft';
  const latest = new Map<string, PromiseRun>();
  for (const run of runs) {
    if (run.promiseRevision !== revision.revision || run.draft !== draft) continue;
    const seen = latest.get(run.obligationId);
    if (!seen || BigInt(run.seq) > BigInt(seen.seq)) latest.set(run.obligationId, run);
  }
  const counts: ResultCounts = { passed: 0, failed: 0, notRun: 0, unsupported: 0, stale: 0 };
  const obligations: ObligationStatus[] = [];
  const gaps: EvidenceStatus['gaps'] = [];
  if (revision.obligations.length === 0) gaps.push({ obligationId: null, key: null, reason: 'no-obligations' });
  for (const obligation of revision.obligations) {
    const run = latest.get(obligation.id);
    const stale = run ? runIsStale(run, inputs) : false;
    obligations.push({ obligationId: obligation.id, key: obligation.key, kind: obligation.kind, result: run?.result ?? null, runId: run?.id ?? null, at: run?.at ?? null, current: run !== undefined && !stale, stale });
    if (!run) {
      counts.notRun++;
      gaps.push({ obligationId: obligation.id, key: obligation.key, reason: 'never-run' });
    } else if (stale) {
      counts.stale++;
      gaps.push({ obligationId: obligation.id, key: obligation.key, reason: 'stale' });
    } else if (run.result === 'passed') counts.passed++;
    else if (run.result === 'failed') counts.failed++;
    else if (run.result === 'not-run') {
      counts.notRun++;
      gaps.push({ obligationId: obligation.id, key: obligation.key, reason: 'not-run' });
    } else {
      counts.unsupported++;
      gaps.push({ obligationId: obligation.id, key: obligation.key, reason: 'unsupported' });
    }
  }
  return { counts, obligations, gaps };
}

/** Every element and scenario a revision names (links and scenario-check recipes). */
export function namedInputsOf(revision: PromiseRevision): { elementIds: string[]; scenarioIds: string[] } {
  const elementIds = revision.links.filter((l) => l.kind === 'element').map((l) => l.id);
  const scenarioIds = revision.links.filter((l) => l.kind === 'scenario').map((l) => l.id);
  for (const o of revision.obligations) {
    if (o.kind === 'scenario-check' && typeof o.recipe?.scenarioId === 'string') scenarioIds.push(o.recipe.scenarioId.toLowerCase());
  }
  return { elementIds, scenarioIds };
}

/** Links (and scenario-check recipes) of the in-force and draft revisions that name nothing now. */
export function missingLinksOf(promise: PromiseRecord, inputs: PromiseInputs): MissingLink[] {
  const missing: MissingLink[] = [];
  for (const revision of [promise.inForce, promise.draft]) {
    if (!revision) continue;
    for (const link of revision.links) {
      const exists = link.kind === 'element' ? inputs.existingElementIds.has(link.id) : inputs.scenarioFingerprints.has(link.id);
      if (!exists) missing.push({ ...link, revision: revision.revision, namedBy: 'links' });
    }
    for (const o of revision.obligations) {
      const scenarioId = o.kind === 'scenario-check' && typeof o.recipe?.scenarioId === 'string' ? o.recipe.scenarioId.toLowerCase() : null;
      if (scenarioId !== null && !inputs.scenarioFingerprints.has(scenarioId)) missing.push({ kind: 'scenario', id: scenarioId, revision: revision.revision, namedBy: o.key });
    }
  }
  return missing;
}

/**
 * Someone has to look: a draft waits for approval, or a revision names an
 * element or scenario that is gone.
 */
export function needsReviewOf(promise: PromiseRecord, inputs: PromiseInputs): boolean {
  return promise.draft !== null || missingLinksOf(promise, inputs).length > 0;
}

/** The list_promises item of a promise. */
export function promiseListItem(promise: PromiseRecord, runs: readonly PromiseRun[], inputs: PromiseInputs): PromiseListItem {
  const counted = countedRevision(promise);
  const evidence = evidenceStatusOf(counted, runs, inputs);
  return {
    id: promise.id,
    requirementId: requirementIdOf(promise.requirementNumber),
    title: counted.title,
    state: stateOf(promise),
    origin: promise.origin,
    latestRevision: promise.latestRevision,
    inForceRevision: promise.inForce?.revision ?? null,
    hasDraft: promise.draft !== null,
    needsReview: needsReviewOf(promise, inputs),
    counts: evidence.counts,
    hasGaps: evidence.gaps.length > 0,
    updatedAt: promise.updatedAt,
    draftLastChangedBy: promise.draft?.lastChangedBy ?? null,
  };
}

function revisionView(revision: PromiseRevision, runs: readonly PromiseRun[], inputs: PromiseInputs): NonNullable<PromiseDetail['inForce']> {
  return { ...revision, evidenceStatus: evidenceStatusOf(revision, runs, inputs) };
}

/** The get_promise shape: the promise with its in-force and draft revisions (older ones left out). */
export function promiseDetail(promise: PromiseRecord, runs: readonly PromiseRun[], inputs: PromiseInputs): PromiseDetail {
  return {
    id: promise.id,
    requirementId: requirementIdOf(promise.requirementNumber),
    origin: promise.origin,
    state: stateOf(promise),
    latestRevision: promise.latestRevision,
    inForceRevision: promise.inForce?.revision ?? null,
    hasDraft: promise.draft !== null,
    needsReview: needsReviewOf(promise, inputs),
    missingLinks: missingLinksOf(promise, inputs),
    createdAt: promise.createdAt,
    updatedAt: promise.updatedAt,
    inForce: promise.inForce ? revisionView(promise.inForce, runs, inputs) : null,
    draft: promise.draft ? revisionView(promise.draft, runs, inputs) : null,
  };
}
