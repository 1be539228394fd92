/**
 * The changes a promise goes through: create (draft revision 1), save a draft
 * (replace it, or start one from the revision in force), approve (the draft
 * goes in force). Each runs in one transaction holding the promise's lock.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { canonicalJson } from '../../core/model/canonical-json';
import {
  obligationKeyOf,
  obligationNumberOf,
  promiseContentHash,
  canonicalLinks,
  type Obligation,
  type ObligationKind,
  type ObligationSource,
  type PromiseLink,
  type PromiseOrigin,
  type PromiseRevision,
} from './promise-records';
import {
  approveDraftRevision,
  claimRequirementNumber,
  findPromise,
  insertPromiseRow,
  lockPromise,
  obligationsEverHeld,
  promiseIdTaken,
  touchPromise,
  upsertDraftRevision,
} from './promise-store';

/** Promises per project (docs/decisions.md "Promises"). */
export const maxPromisesPerProject = 2000;

/** An obligation as a request names it: `id` or `key` keep an obligation the promise had; neither adds one. */
export interface ObligationInput {
  id?: string | null;
  key?: string | null;
  kind: ObligationKind;
  title: string;
  recipe: Record<string, unknown> | null;
}

export interface PromiseContentInput {
  title: string;
  text: string;
  links: PromiseLink[];
  obligations: ObligationInput[];
}

/** Who changes a promise: `user:<id>` or `agent-token:<id>`, and the obligation source that goes with it. */
export interface PromiseActor {
  actor: string;
  source: Extract<ObligationSource, 'manual' | 'agent'>;
}

/**
 * Gives each requested obligation its ID and key: one the promise had keeps
 * its ID, key, source and `addedBy` (and `lastChangedBy` unless it changed);
 * a new one gets the next key. Keys are never reused.
 */
export function resolveObligations(
  requested: readonly ObligationInput[],
  known: readonly Obligation[],
  nextNumber: number,
  who: PromiseActor,
  newId: () => string,
): { obligations: Obligation[]; nextNumber: number } {
  const errors: FieldError[] = [];
  const used = new Set<string>();
  const obligations: Obligation[] = [];
  let next = nextNumber;
  requested.forEach((input, i) => {
    const byId = input.id ? known.find((o) => o.id === input.id!.toLowerCase()) : undefined;
    const byKey = input.key ? known.find((o) => o.key === obligationKeyOf(obligationNumberOf(input.key!) ?? -1)) : undefined;
    if (input.id && !byId) errors.push({ field: `obligations[${i}].id`, message: 'is not an obligation of this promise' });
    if (input.key && !byKey) errors.push({ field: `obligations[${i}].key`, message: 'is not an obligation of this promise' });
    if (byId && byKey && byId.id !== byKey.id) errors.push({ field: `obligations[${i}].key`, message: 'names another obligation than id' });
    const previous = byId ?? byKey;
    if ((input.id && !byId) || (input.key && !byKey)) return;
    if (previous && used.has(previous.id)) {
      errors.push({ field: `obligations[${i}]`, message: `names ${previous.key} a second time` });
      return;
    }
    if (previous) {
      used.add(previous.id);
      const changed = previous.kind !== input.kind || previous.title !== input.title || canonicalJson(previous.recipe) !== canonicalJson(input.recipe);
      obligations.push({ ...previous, kind: input.kind, title: input.title, recipe: input.recipe, lastChangedBy: changed ? who.actor : previous.lastChangedBy });
      return;
    }
    obligations.push({ id: newId(), key: obligationKeyOf(next++), kind: input.kind, title: input.title, recipe: input.recipe, source: who.source, addedBy: who.actor, lastChangedBy: who.actor });
  });
  if (errors.length > 0) throw new ValidationError('Invalid request body', errors, `${errors[0]!.field}: ${errors[0]!.message}`);
  return { obligations, nextNumber: next };
}

function draftRevision(revision: number, content: { title: string; text: string; links: PromiseLink[]; obligations: Obligation[] }, actor: string, now: Date): PromiseRevision {
  const links = canonicalLinks(content.links);
  return {
    revision,
    status: 'draft',
    title: content.title,
    text: content.text,
    links,
    obligations: content.obligations,
    contentHash: promiseContentHash({ ...content, links }),
    lastChangedBy: actor,
    lastChangedAt: now.toISOString(),
    approvedBy: null,
    approvedAt: null,
  };
}

/** Creates a promise with the next requirement number and its content as draft revision 1. */
export async function createPromise(
  db: Kysely<Database>,
  input: { projectId: string; id: string; origin: PromiseOrigin; who: PromiseActor; content: PromiseContentInput; now: Date; newId: () => string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { next, count } = await claimRequirementNumber(trx, input.projectId);
    if (count >= maxPromisesPerProject) throw new ConflictError('Too many promises', `A project holds at most ${maxPromisesPerProject} promises.`);
    if (await promiseIdTaken(trx, input.id)) throw new ConflictError('Promise ID in use', 'A promise with this ID exists.', [{ field: 'id', message: 'is in use' }]);
    const resolved = resolveObligations(input.content.obligations, [], 1, input.who, input.newId);
    await insertPromiseRow(trx, { id: input.id, projectId: input.projectId, requirementNumber: next, origin: input.origin, nextObligationNumber: resolved.nextNumber, actor: input.who.actor, now: input.now });
    await upsertDraftRevision(trx, input.id, draftRevision(1, { ...input.content, obligations: resolved.obligations }, input.who.actor, input.now));
    await touchPromise(trx, input.id, input.now, resolved.nextNumber, resolved.obligations);
  });
}

/**
 * Replaces the draft, or starts one (revision latest + 1) from the revision
 * in force. Members left out keep the value of the draft being replaced, or
 * of the revision in force. A draft whose content does not change is left as
 * it is (its `lastChangedBy`/`lastChangedAt` stay).
 */
export async function savePromiseDraft(
  db: Kysely<Database>,
  input: { projectId: string; promiseId: string; who: PromiseActor; content: Partial<PromiseContentInput>; now: Date; newId: () => string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockPromise(trx, input.projectId, input.promiseId);
    if (!row) throw new NotFoundError('Promise not found');
    const promise = (await findPromise(trx, input.projectId, input.promiseId))!;
    const base = (promise.draft ?? promise.inForce)!;
    const known = await obligationsEverHeld(trx, promise.id);
    const resolved = input.content.obligations
      ? resolveObligations(input.content.obligations, known, row.next_obligation_number, input.who, input.newId)
      : { obligations: base.obligations, nextNumber: row.next_obligation_number };
    const revision = draftRevision(
      promise.draft?.revision ?? promise.latestRevision + 1,
      { title: input.content.title ?? base.title, text: input.content.text ?? base.text, links: input.content.links ?? base.links, obligations: resolved.obligations },
      input.who.actor,
      input.now,
    );
    if (promise.draft && promise.draft.contentHash === revision.contentHash) return;
    await upsertDraftRevision(trx, promise.id, revision);
    await touchPromise(trx, promise.id, input.now, resolved.nextNumber, revision.obligations);
  });
}

/**
 * Puts the draft in force; the revision in force before is superseded. With
 * `contentHash`, the draft must still have that content (409 otherwise), so
 * an approval is of what the approver read.
 */
export async function approvePromiseDraft(db: Kysely<Database>, input: { projectId: string; promiseId: string; actor: string; contentHash: string | null; now: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockPromise(trx, input.projectId, input.promiseId);
    if (!row) throw new NotFoundError('Promise not found');
    const promise = (await findPromise(trx, input.projectId, input.promiseId))!;
    if (!promise.draft) throw new ConflictError('No draft to approve', 'This promise has no draft; start one with PUT …/draft.');
    if (input.contentHash !== null && input.contentHash !== promise.draft.contentHash) {
      throw new ConflictError('Draft changed', `The draft's content hash is ${promise.draft.contentHash}, not the one given: read it again before approving.`, [{ field: 'contentHash', message: 'is not the content hash of the draft' }]);
    }
    await approveDraftRevision(trx, promise.id, promise.draft.revision, input.actor, input.now);
    await touchPromise(trx, promise.id, input.now, row.next_obligation_number);
  });
}
