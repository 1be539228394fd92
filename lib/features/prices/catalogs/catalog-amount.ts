import { z } from 'zod';
import { amountProblem, decimalText, ExactDecimal, maxFractionDigits } from '../../../platform/money/exact-decimal';
import { isCalendarDate } from '../../../platform/calendar/calendar-date';

const decimalNumber = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The longest catalog figure `roundedFrom` keeps; a longer one is cut with "…" (it is a note, not an amount). */
export const maxRoundedFromLength = 100;

/**
 * A price as a catalog gave it: the amount kept, and the catalog's own figure when it had more
 * decimal places than a price keeps (`0.28800000000000003`, a double printed in full), so the
 * amount is that figure rounded half-even to 12 places; null when the figure is kept as written.
 */
export interface CatalogPrice {
  amount: string;
  roundedFrom: string | null;
}

/**
 * A price as a catalog writes it (a decimal string, or a JSON number whose digits
 * catalog-http kept as a string), as canonical decimal text. Exponents are read exactly
 * (`1.1E-05` is 0.000011). More than 12 places are rounded (half-even) to the 12 a price keeps
 * and the figure noted: a catalog's double is not the caller's typo (typed prices keep the
 * refusal of lib/platform/money). Only a figure that is no amount fails: not a number, negative, more
 * than 18 digits before the point.
 */
export const catalogPrice = z.union([z.string(), z.number()]).transform((value, ctx): CatalogPrice => {
  const text = String(value).trim();
  if (!decimalNumber.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'is not a decimal number' });
    return z.NEVER;
  }
  const written = new ExactDecimal(text);
  const kept = written.isNegative() ? written : written.toDecimalPlaces(maxFractionDigits, ExactDecimal.ROUND_HALF_EVEN);
  const problem = amountProblem(decimalText(kept.isZero() ? kept.abs() : kept));
  if (problem !== null) {
    ctx.addIssue({ code: 'custom', message: `is a price this service cannot keep: it ${problem}` });
    return z.NEVER;
  }
  const roundedFrom = kept.equals(written) ? null : text.length > maxRoundedFromLength ? `${text.slice(0, maxRoundedFromLength - 1)}…` : text;
  return { amount: decimalText(kept.abs()), roundedFrom };
});

/** A quantity a catalog writes as a price is written (Azure's `tierMinimumUnits`): its amount, rounded as a price is. */
export const catalogQuantity = catalogPrice.transform((price) => price.amount);

/** The calendar day of a catalog timestamp (`2024-05-01T00:00:00Z` → `2024-05-01`). */
export const catalogDay = z
  .string()
  .refine((text) => /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(text) && isCalendarDate(text.slice(0, 10)), 'must be a date YYYY-MM-DD or a timestamp starting with one')
  .transform((text) => text.slice(0, 10));
