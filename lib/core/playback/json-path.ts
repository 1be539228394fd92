/**
 * JSON paths for field errors, as part 1 "Errors" asks ("a broken limit gives
 * 400 validation_error with the path of the value"), e.g.
 * `steps[2].then[0].headers.x-trace`.
 */

// Keys written after a dot; anything else (dots, brackets, spaces, quotes…) is written as ["…"].
const plainKey = /^[A-Za-z0-9_$-]+$/;

/** The path of member `key` (a list index or an object key) of the value at `base`. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (plainKey.test(key)) return base === '' ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}
