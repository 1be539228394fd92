import { z } from 'zod';
import { isGuid } from '../model/text-rules';

const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A GUID as the model accepts it (8-4-4-4-12 hex digits, any case), not only
 * the RFC 9562 versions zod's uuid() knows: an ID the import took must work
 * everywhere else too.
 */
export const guidText = z.string().refine(isGuid, 'must be a GUID');

/** A short human name: trimmed, 1 to `max` characters, no control characters. */
export function displayName(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must have at most ${max} characters`)
    .refine((v) => !controlCharacters.test(v), 'must not contain control characters');
}

/** Free text (descriptions): at most `max` characters; null allowed. */
export function optionalText(max: number) {
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail the query.
  return z.string().max(max, `must have at most ${max} characters`).refine((v) => !v.includes('\u0000'), 'must not contain NUL characters').nullable();
}

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
