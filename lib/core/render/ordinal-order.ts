/**
 * "Ordinal" order of part 1 "Diagram and model exports" ("Elements are ordered
 * by ordinal name, then ID"): plain code-point comparison, no locale, no case
 * folding, so every machine sorts the same way.
 */

// UTF-16 code units sort U+E000–U+FFFF after the surrogates that encode U+10000 and up; shifting both ranges
// makes code-unit comparison agree with code-point comparison (a lone surrogate sorts as its own value would).
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** Compares two strings by Unicode code points: negative, zero or positive. */
export function compareOrdinal(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Orders named records by ordinal name, then ordinal ID. */
export function compareByNameThenId(a: { readonly name: string; readonly id: string }, b: { readonly name: string; readonly id: string }): number {
  return compareOrdinal(a.name, b.name) || compareOrdinal(a.id, b.id);
}
