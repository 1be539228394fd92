/**
 * What a target may name (docs/load-tests.md "Target"): an operation of the
 * main model, or a call step of a live scenario at any depth (in `steps`,
 * `then`, `onError`, `else`, each list of `branches` and of `handlers`).
 * Every page of each list is read, so a picker offers them all by name.
 */
import type { Page } from '../../api/client';
import { listRecords } from '../model/model-api';
import { scenarioApi, type StoredScenario } from '../scenarios/scenario-api';

export interface Named {
  id: string;
  name: string;
}

async function everyPage<T>(read: (cursor: string | null) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await read(cursor);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return all;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** The operations of main by name: only main's operations may be targets. */
export async function mainOperations(projectId: string, signal: AbortSignal): Promise<Named[]> {
  const records = await everyPage((cursor) => listRecords(projectId, 'operations', { branchId: null, cursor, limit: 200 }, signal));
  return records.map((r) => ({ id: r.id, name: (r as { name?: string }).name ?? r.id })).sort(byName);
}

export async function projectScenarios(projectId: string, signal: AbortSignal): Promise<Named[]> {
  return (await everyPage((cursor) => scenarioApi.list(projectId, cursor, signal))).sort(byName);
}

export interface CallStep {
  id: string;
  /** The operation it calls, as the document names it. */
  operation: string | null;
}

type Step = Record<string, unknown>;

function listsOf(step: Step): unknown[] {
  const lists: unknown[] = [step.then, step.onError, step.else];
  if (Array.isArray(step.branches)) lists.push(...step.branches);
  if (step.handlers !== null && typeof step.handlers === 'object' && !Array.isArray(step.handlers)) lists.push(...Object.values(step.handlers));
  return lists;
}

/** The call steps of a scenario document, depth first in document order: the steps load can be sent to. */
export function callStepsOf(document: StoredScenario): CallStep[] {
  const found: CallStep[] = [];
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const entry of list) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
      const step = entry as Step;
      if (step.type === 'call' && typeof step.id === 'string') found.push({ id: step.id, operation: typeof step.operation === 'string' ? step.operation : null });
      for (const inner of listsOf(step)) visit(inner);
    }
  };
  visit(document.steps);
  return found;
}
