import { caseFold } from 'unicode-case-folding';

// U+0307 COMBINING DOT ABOVE: what full case folding leaves of the dot of İ (U+0130 folds to i + U+0307).
const combiningDotAbove = /\u0307/g;

/**
 * The form in which names are matched (`find_elements` and the element list's `name`,
 * "substring, case-insensitive", part 1 "MCP tools"): full Unicode case folding (CaseFolding.txt
 * statuses C and F of Unicode 17, not the Turkic T mappings), then every U+0307 COMBINING DOT
 * ABOVE removed, so `İstanbul`, `istanbul` and `ISTANBUL` fold alike, and `STRASSE`, `Straße`
 * and `STRAẞE` all fold to `strasse`. No other normalization (no NFC/NFKC, accents stay).
 * Each code point maps on its own, so text that a name holds as typed is always found in it.
 * Stored beside each record (`model_entities.name_folded`): a change to this function needs a
 * migration that folds the stored names again.
 */
export function foldName(name: string): string {
  return caseFold(name).replace(combiningDotAbove, '');
}

/** The folded name of a record that has one (elements, messages, schemas, operations, channels), else null. */
export function foldedNameOf(record: object): string | null {
  const name = (record as { name?: unknown }).name;
  return typeof name === 'string' ? foldName(name) : null;
}
