import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Money and quantities are exact decimals, never binary floats (docs/costs.md "Money"). The
 * precision is far above what any product of an amount, a quantity and usage lines needs (each
 * at most `maxIntegerDigits` + `maxFractionDigits` digits), so no product or sum is rounded;
 * banker's rounding applies only where a figure is shown rounded on purpose.
 */
export const ExactDecimal = Decimal.clone({ precision: 1000, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -9e15, toExpPos: 9e15 });
export type ExactDecimal = InstanceType<typeof ExactDecimal>;

/** Digits an amount, a quantity or a value may have before and after the point. */
export const maxIntegerDigits = 18;
export const maxFractionDigits = 12;

const plainDecimal = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** The canonical text of an exact decimal: no exponent, no trailing zeros after the point. */
export function decimalText(value: ExactDecimal): string {
  return value.toFixed();
}

/**
 * Why `input` (a JSON number, or a decimal string such as `"0.0035"`) is not an amount this
 * service takes, or null: it must be finite, not negative, and fit the digits above. A JSON number
 * is read by its shortest decimal form (`0.1` is 0.1, not the float just above it).
 */
export function amountProblem(input: number | string): string | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return 'must be a finite number';
  } else if (!plainDecimal.test(input)) {
    return 'must be a decimal number written with digits and at most one point, such as "12.50"';
  }
  const value = new ExactDecimal(typeof input === 'number' ? String(input) : input);
  if (value.isNegative() && !value.isZero()) return 'must not be negative';
  const [whole, fraction = ''] = decimalText(value.abs()).split('.');
  if (whole!.length > maxIntegerDigits) return `must have at most ${maxIntegerDigits} digits before the point`;
  if (fraction.length > maxFractionDigits) return `must have at most ${maxFractionDigits} digits after the point`;
  return null;
}

/** The canonical decimal text of an amount that passed `amountProblem`. */
export function amountText(input: number | string): string {
  return decimalText(new ExactDecimal(typeof input === 'number' ? String(input) : input));
}

/** A request field holding an amount (a JSON number or a decimal string), as its canonical decimal text. */
export const decimalAmount = z.union([z.number(), z.string()]).superRefine((value, ctx) => {
  const problem = amountProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
}).transform(amountText);

/** The sum of decimal texts, exactly. */
export function sumOf(values: Iterable<string | ExactDecimal>): ExactDecimal {
  let total = new ExactDecimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}
