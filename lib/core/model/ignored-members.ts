/**
 * Members a reader skips because the format has no such field: an import
 * keeps reading documents of later versions, and a scenario save keeps the
 * fields it knows, but a misspelt field must not vanish without a word. The
 * import result and the scenario save answer list each one as
 * `{path, reason}`, the path a JSON path from the document root (`$`).
 */
import type { IgnoredMember } from '../../../contracts/schema-kit';

/** One member a reader skipped: `path` (e.g. `$.elements[0].nmae`) and why, naming the field the writer probably meant when one is close (contracts/schema-kit.ts). */
export type { IgnoredMember } from '../../../contracts/schema-kit';

// Keys written after a dot; anything else (dots, brackets, spaces, quotes…) is written as ["…"].
const plainKey = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** The JSON path of member `key` (a list index or an object key) of the value at `base` (`$` for the root). */
export function memberPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return plainKey.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** Edits (insert, delete, replace, swap of two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known field a misspelt key most likely meant: the same word in another
 * case, one a typo away (two for long words), or the start or whole of a
 * longer one (`expect` for `expected`). Short keys get no guess: one edit turns
 * "to" into "id".
 */
export function closestField(key: string, known: readonly string[]): string | null {
  const lower = key.toLowerCase();
  if (lower.length < 4) return known.find((field) => field.toLowerCase() === lower) ?? null;
  const allowed = lower.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const field of known) {
    const candidate = field.toLowerCase();
    const distance = candidate === lower ? 0 : candidate.startsWith(lower) || (candidate.length >= 4 && lower.startsWith(candidate)) ? 1 : editDistance(lower, candidate);
    if (distance <= allowed && distance < bestDistance) {
      best = field;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The report of an unknown member `key` of the object at `base`, which is a
 * `what` (e.g. "an element") with the fields `known`.
 *
 * @example
 * unknownMember('$.elements[0]', 'nmae', ['id', 'name'], 'an element')
 * // { path: '$.elements[0].nmae', reason: 'an element has no field nmae (did you mean name?); ignored' }
 */
export function unknownMember(base: string, key: string, known: readonly string[], what: string): IgnoredMember {
  const guess = closestField(key, known);
  const shown = JSON.stringify(key).slice(1, -1);
  return { path: memberPath(base, key), reason: `${what} has no field ${shown}${guess ? ` (did you mean ${guess}?)` : ''}; ignored` };
}
