import { z } from 'zod';
import { freeTextProblem, isGuid, shortTextProblem } from '../text/text-rules';

/**
 * A GUID as the model accepts it (8-4-4-4-12 hex digits, any case), not only
 * the RFC 9562 versions zod's uuid() knows: an ID the import took must work
 * everywhere else too.
 */
export const guidText = z.string().refine(isGuid, 'must be a GUID');

/**
 * The one text rule for what the service stores (part 1 "Limits": "Control
 * characters and invalid Unicode are refused"): the rule model records
 * follow (lib/platform/text/text-rules), so a name refused there is refused here
 * too. U+0000 and lone surrogates cannot be stored at all (PostgreSQL text
 * and jsonb refuse U+0000; a lone surrogate has no UTF-8 and would come back
 * as U+FFFD), so every schema of a stored string applies one of these.
 */
function textRule(problemOf: (text: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** A short human name: trimmed, 1 to `max` characters, no control characters, valid Unicode. */
export function displayName(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must have at most ${max} characters`)
    .superRefine(textRule(shortTextProblem));
}

/** Stored free text (descriptions, promise text): at most `max` characters; line breaks allowed; no U+0000, valid Unicode. */
export function storedText(max: number) {
  return z.string().max(max, `must have at most ${max} characters`).superRefine(textRule(freeTextProblem));
}

/** `storedText` that may be null. */
export function optionalText(max: number) {
  return storedText(max).nullable();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Adds an issue, named by its path, for every string (key or value) inside a
 * JSON value that the free-text rule refuses: what a value stored in jsonb
 * must pass, whatever its schema says of its strings.
 */
export function refineStoredStrings(value: unknown, ctx: z.RefinementCtx): void {
  const pending: [unknown, PropertyKey[]][] = [[value, []]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      const problem = freeTextProblem(item);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path });
    } else if (Array.isArray(item)) {
      item.forEach((member, i) => {
        pending.push([member, [...path, i]]);
      });
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        const problem = freeTextProblem(key);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: `field name ${problem}`, path: [...path, key] });
        pending.push([(item as Record<string, unknown>)[key], [...path, key]]);
      }
    }
  }
}

/**
 * A JSON object stored as it came (in jsonb): every key and string inside
 * follows the free-text rule, named by its path. The object itself is kept,
 * not copied, so a member named `__proto__` (an own key, as JSON.parse makes
 * it) stays a member, as any other name does.
 */
export const storedJsonObject = z.custom<Record<string, unknown>>(isPlainObject, 'must be an object').superRefine(refineStoredStrings);

export const emailAddress = z.email('must be an e-mail address').max(254, 'must have at most 254 characters');

/** A password as sent; the rules of a *new* password are checked by `passwordRuleViolations`. */
export const passwordText = z.string().min(1, 'must not be empty').max(1024, 'must have at most 1024 characters');

/**
 * A whole number in a query string, written with digits only: Number() would
 * also read "0x3", " 5", "1e2" and "" (as 0).
 */
export function queryWholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,15}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** `limit` of list endpoints: 1 to 200, default 50. */
export const pageLimit = queryWholeNumber(1, 200)
  .optional()
  .transform((limit) => limit ?? 50);

/** `cursor` of a list: the `nextCursor` of an earlier page; an empty one is none a result gave. */
export const pageCursor = z.string().min(1, 'must be a nextCursor of an earlier page').max(1000, 'must be a nextCursor of an earlier page');

export const pageQuery = z.strictObject({
  cursor: pageCursor.optional(),
  limit: pageLimit,
});
