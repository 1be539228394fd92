/**
 * Text checks shared by every reader of model records. Part 1 "Limits":
 * "Control characters and invalid Unicode are refused in names, IDs, routing
 * keys and headers".
 */

// C0, DEL and C1 controls, as part 1 counts them (U+0000–U+001F, U+007F–U+009F).
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
// With the `u` flag a well-paired surrogate is one code point, so `\p{Cs}` only
// matches a lone half: text that cannot be written as UTF-8 (nor stored in jsonb).
const loneSurrogate = /\p{Cs}/u;
const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text holds a control character (U+0000–U+001F, U+007F–U+009F). */
export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}

/** True when the text holds a lone surrogate, i.e. is not valid Unicode. */
export function hasInvalidUnicode(text: string): boolean {
  return loneSurrogate.test(text);
}

/** Where the first lone surrogate is (a UTF-16 index), or -1 when the text is valid Unicode. */
export function invalidUnicodeIndex(text: string): number {
  return text.search(loneSurrogate);
}

/** True when the text is empty or only white space. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** True for a GUID written `8-4-4-4-12` in hex digits of either case. */
export function isGuid(text: string): boolean {
  return guidPattern.test(text);
}

/** The lower-case form of a GUID, or null when the value is not one. */
export function normalizeGuid(value: unknown): string | null {
  return typeof value === 'string' && value.length === 36 && guidPattern.test(value) ? value.toLowerCase() : null;
}

/**
 * Why a name, ID, label or other one-line text is refused, or null when it is
 * fine: no control characters, valid Unicode.
 */
export function shortTextProblem(text: string): string | null {
  if (hasInvalidUnicode(text)) return 'must be valid Unicode text';
  if (hasControlCharacter(text)) return 'must not contain control characters';
  return null;
}

/**
 * Why free text (a description, schema content) is refused, or null: line breaks
 * and tabs are fine there, but U+0000 and lone surrogates cannot be stored (the
 * storage keeps records as jsonb, which refuses both).
 */
export function freeTextProblem(text: string): string | null {
  if (hasInvalidUnicode(text)) return 'must be valid Unicode text';
  if (text.includes('\u0000')) return 'must not contain U+0000';
  return null;
}
