import { z } from 'zod';
import { freeTextProblem } from '../../platform/text/text-rules';

/**
 * A string of the extraction's wire format that the server keeps as it came
 * (a file path, a diagnostic note): `min` to `max` characters, valid Unicode,
 * no U+0000 — what PostgreSQL text and jsonb can hold (docs/security.md "One
 * rule for stored text"). A push carrying anything else is refused with 400
 * naming the field before a scan is made.
 */
export function storableText(min: number, max: number) {
  const sized = min > 0 ? z.string().min(min).max(max) : z.string().max(max);
  return sized.superRefine((text, ctx) => {
    const problem = freeTextProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}
