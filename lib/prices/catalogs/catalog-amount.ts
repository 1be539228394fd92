import { z } from 'zod';
import { amountProblem, decimalText, ExactDecimal } from '../../money/exact-decimal';
import { isCalendarDate } from '../../calendar/calendar-date';

const decimalNumber = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A price as a catalog writes it (a decimal string, or a JSON number whose digits
 * catalog-http kept as a string), as canonical decimal text. Exponents are read exactly
 * (`1.1E-05` is 0.000011); a price outside the amount rules of lib/money is a shape we cannot read.
 */
export const catalogPrice = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (!decimalNumber.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'is not a decimal number' });
      return z.NEVER;
    }
    const canonical = decimalText(new ExactDecimal(text));
    const problem = amountProblem(canonical);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: `is a price this service cannot keep: it ${problem}` });
      return z.NEVER;
    }
    return canonical;
  });

/** The calendar day of a catalog timestamp (`2024-05-01T00:00:00Z` → `2024-05-01`). */
export const catalogDay = z
  .string()
  .refine((text) => /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(text) && isCalendarDate(text.slice(0, 10)), 'must be a date YYYY-MM-DD or a timestamp starting with one')
  .transform((text) => text.slice(0, 10));
