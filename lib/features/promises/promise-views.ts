/**
 * Reads promises in the shapes the HTTP endpoints and the agent tools share
 * (list_promises items, the get_promise shape, list_promise_runs items).
 */
import type { Kysely } from 'kysely';
import type { PromiseDetail, PromiseListItem } from '../../../contracts/promises';
import type { Database } from '../../platform/db/schema';
import { mainStream } from '../../core/model/stream-store';
import { obligationKeyOf, obligationNumberOf, type Obligation, type PromiseRecord, type PromiseRun } from './promise-records';
import { namedInputsOf, promiseDetail, promiseListItem, runView, type PromiseInputs, type RunView } from './promise-status';
import { existingElementIds, findPromise, latestRunsOf, listPromisePage, listPromiseRunPage, obligationsEverHeld } from './promise-store';
import { scenarioFingerprints } from '../scenarios/scenario-fingerprints';

/** The current state of everything the promises and runs name: main version, linked elements, scenarios. */
export async function readPromiseInputs(db: Kysely<Database>, projectId: string, promises: readonly PromiseRecord[], runs: readonly PromiseRun[]): Promise<PromiseInputs> {
  const elementIds: string[] = [];
  const scenarioIds: string[] = [];
  for (const promise of promises) {
    for (const revision of [promise.inForce, promise.draft]) {
      if (!revision) continue;
      const named = namedInputsOf(revision);
      elementIds.push(...named.elementIds);
      scenarioIds.push(...named.scenarioIds);
    }
  }
  for (const run of runs) if (typeof run.inputs.scenarioId === 'string') scenarioIds.push(run.inputs.scenarioId);
  const [stream, elements, scenarios] = await Promise.all([mainStream(db, projectId), existingElementIds(db, projectId, elementIds), scenarioFingerprints(db, projectId, scenarioIds)]);
  return { mainVersion: stream.modelVersion, existingElementIds: elements, scenarioFingerprints: scenarios };
}


/** One page of list_promises items in requirement-number order. */
export async function readPromiseListPage(db: Kysely<Database>, input: { projectId: string; afterNumber: number | null; limit: number }): Promise<{ items: PromiseListItem[]; hasMore: boolean; lastNumber: number | null }> {
  const page = await listPromisePage(db, input);
  const runs = await latestRunsOf(db, page.items.map((p) => p.id));
  const inputs = await readPromiseInputs(db, input.projectId, page.items, runs);
  return {
    items: page.items.map((p) => promiseListItem(p, runs.filter((r) => r.promiseId === p.id), inputs)),
    hasMore: page.hasMore,
    lastNumber: page.items.at(-1)?.requirementNumber ?? null,
  };
}

/** The get_promise shape of one promise, or undefined. */
export async function readPromiseDetail(db: Kysely<Database>, projectId: string, promiseId: string): Promise<PromiseDetail | undefined> {
  const promise = await findPromise(db, projectId, promiseId);
  if (!promise) return undefined;
  const runs = await latestRunsOf(db, [promise.id]);
  return promiseDetail(promise, runs, await readPromiseInputs(db, projectId, [promise], runs));
}

/** The obligation an ID or key (`O2`, any case) names among those the promise ever held. */
export async function findObligation(db: Kysely<Database>, promiseId: string, reference: string): Promise<Obligation | undefined> {
  const known = await obligationsEverHeld(db, promiseId);
  const number = obligationNumberOf(reference);
  if (number !== null) return known.find((o) => o.key === obligationKeyOf(number));
  return known.find((o) => o.id === reference.toLowerCase());
}

/** One page of a promise's runs, newest first, each with `current` and `stale`. */
export async function readPromiseRunPage(
  db: Kysely<Database>,
  input: { promise: PromiseRecord; obligationId: string | null; beforeSeq: string | null; limit: number },
): Promise<{ items: RunView[]; seqs: string[]; hasMore: boolean; lastSeq: string | null }> {
  const page = await listPromiseRunPage(db, { promiseId: input.promise.id, obligationId: input.obligationId, beforeSeq: input.beforeSeq, limit: input.limit });
  const inputs = await readPromiseInputs(db, input.promise.projectId, [], page.items);
  return { items: page.items.map((run) => runView(input.promise, run, inputs)), seqs: page.items.map((run) => run.seq), hasMore: page.hasMore, lastSeq: page.items.at(-1)?.seq ?? null };
}
