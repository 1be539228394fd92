import { z } from 'zod';
import { calendarDate } from '../../platform/calendar/calendar-date';
import { amountProblem, amountText } from '../../platform/money/exact-decimal';
import { freeTextProblem, shortTextProblem } from '../../platform/text/text-rules';
import { isCurrencyCode } from './currency-codes';

/**
 * The rules of a price's fields (part 2 "Price requests"; docs/prices.md "Fields"), one place
 * each: the custom price, every CSV row and the catalog requests read them from here.
 */

/** Longest text of each field, in characters. */
export const priceFieldLimits = Object.freeze({ provider: 100, region: 100, sku: 200, description: 1000, unit: 100 });

/** A missing field is "required", a null where none is allowed "must not be null", anything else "must be <what>". */
export function typeError(what: string) {
  return { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : issue.input === null ? 'must not be null' : `must be ${what}`) };
}

function textRule(problemOf: (text: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** One line of text: trimmed, 1 to `max` characters, no control characters, valid Unicode. */
export function priceText(max: number) {
  return z
    .string(typeError('a string'))
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must have at most ${max} characters`)
    .superRefine(textRule(shortTextProblem));
}

/** Free text (line breaks allowed), at most `max` characters. */
function priceFreeText(max: number) {
  return z.string(typeError('a string or null')).max(max, `must have at most ${max} characters`).superRefine(textRule(freeTextProblem));
}

/** An ISO 4217 code such as `USD` (lib/features/prices/currency-codes.ts); no conversion between currencies ever happens. */
export const currencyCode = z.string(typeError('a string')).superRefine((value, ctx) => {
  if (!/^[A-Z]{3}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'must be three upper-case letters, an ISO 4217 currency code such as USD' });
  else if (!isCurrencyCode(value)) ctx.addIssue({ code: 'custom', message: 'is not an ISO 4217 currency code' });
});


/**
 * `unitPrice`: a JSON number or a decimal string (the amount rules of lib/platform/money), kept as its
 * canonical decimal text. The spec's type allows null; a price without an amount is refused.
 */
export const unitPriceField = z
  .union([z.number(), z.string(), z.null()], typeError('a number or a decimal string'))
  .superRefine((value, ctx) => {
    const problem = value === null ? 'must not be null: a price needs an amount' : amountProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => amountText(value as number | string));

/** CustomPriceRequest of part 2: every field required; `region` and `description` may be null. */
export const customPriceRequest = z.strictObject(
  {
    provider: priceText(priceFieldLimits.provider),
    region: priceText(priceFieldLimits.region).nullable(),
    sku: priceText(priceFieldLimits.sku),
    description: priceFreeText(priceFieldLimits.description).nullable(),
    unit: priceText(priceFieldLimits.unit),
    unitPrice: unitPriceField,
    currency: currencyCode,
    effectiveDate: calendarDate,
  },
  'must be an object',
);
export type CustomPriceRequest = z.infer<typeof customPriceRequest>;

/** The fields of a custom price, in the order of the spec (and of a CSV header we write). */
export const customPriceFields = Object.freeze(Object.keys(customPriceRequest.shape)) as readonly (keyof CustomPriceRequest)[];
