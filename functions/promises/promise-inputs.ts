import { z } from 'zod';
import type { Caller } from '../../lib/platform/http/caller';
import { actorOf } from '../../lib/platform/http/caller';
import { displayName, pageLimit, guidText, pageCursor, storedJsonObject, storedText } from '../../lib/platform/http/common-schemas';
import type { PromiseActor } from '../../lib/features/promises/promise-commands';
import { linkKinds, obligationKinds } from '../../contracts/promises';

/** Limits of a promise revision (docs/decisions.md "Promises"). */
export const promiseLimits = Object.freeze({ titleCharacters: 200, textCharacters: 20_000, links: 200, obligations: 100, recipeBytes: 8192 });

const link = z.strictObject({ kind: z.enum(linkKinds), id: guidText });

const scenarioRecipe = z.strictObject({ scenarioId: guidText });

const obligation = z
  .strictObject({
    id: guidText.nullable().optional(),
    key: z.string().regex(/^[oO][1-9][0-9]{0,8}$/, 'must be a key such as O2').nullable().optional(),
    kind: z.enum(obligationKinds),
    title: displayName(promiseLimits.titleCharacters),
    recipe: storedJsonObject.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'scenario-check') {
      const recipe = scenarioRecipe.safeParse(value.recipe);
      if (!recipe.success) ctx.addIssue({ code: 'custom', path: ['recipe'], message: 'must be {"scenarioId": "<uuid>"} for a scenario-check' });
    } else if (value.recipe !== null && Buffer.byteLength(JSON.stringify(value.recipe)) > promiseLimits.recipeBytes) {
      ctx.addIssue({ code: 'custom', path: ['recipe'], message: `must be at most ${promiseLimits.recipeBytes} bytes of JSON` });
    }
  })
  .transform((value) => (value.kind === 'scenario-check' ? { ...value, recipe: { scenarioId: String(value.recipe!.scenarioId).toLowerCase() } } : value));

const content = {
  title: displayName(promiseLimits.titleCharacters),
  text: storedText(promiseLimits.textCharacters),
  links: z.array(link).max(promiseLimits.links, `must hold at most ${promiseLimits.links} links`),
  obligations: z.array(obligation).max(promiseLimits.obligations, `must hold at most ${promiseLimits.obligations} obligations`),
};

/** POST P/promises: the first draft; `id` optional (chosen by the caller or made). */
export const createPromiseRequest = z.strictObject({
  id: guidText.optional(),
  title: content.title,
  text: content.text.default(''),
  links: content.links.default([]),
  obligations: content.obligations.default([]),
});

/** PUT P/promises/{promiseId}/draft: members left out keep the draft's (or the in-force revision's) value. */
export const draftRequest = z.strictObject({
  title: content.title.optional(),
  text: content.text.optional(),
  links: content.links.optional(),
  obligations: content.obligations.optional(),
});

/** POST …/approve: optionally the content hash of the draft the approver read. */
export const approveRequest = z.strictObject({ contentHash: z.string().max(100).nullable().optional() });

/** POST …/runs: the obligation by ID or key; `draft` picks the revision when both have it. */
export const runRequest = z.strictObject({
  obligation: z.string().min(1, 'must not be empty').max(100),
  draft: z.boolean().nullable().optional(),
});

export const runsQuery = z.strictObject({
  obligation: z.string().min(1).max(100).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});

/** The actor and obligation source of a caller: a person writes `manual`, an agent token `agent`. */
export function promiseActorOf(caller: Caller): PromiseActor {
  return { actor: actorOf(caller), source: caller.kind === 'person' ? 'manual' : 'agent' };
}
