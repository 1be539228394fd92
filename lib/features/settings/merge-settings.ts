import type { PartialSettings, SettingsDocument } from './settings-schema';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Lays `over` onto `under` (part 2 "Settings document"): objects merge field
 * by field, a list replaces the list under it as a whole, a value replaces the
 * value under it, an explicit null replaces the value under it; a key left
 * out of `over` keeps the value under it. Pure: neither input is changed.
 *
 * @example
 * laySettings({ import: { maxFiles: 1, maxFileBytes: 2 } }, { import: { maxFiles: 5 } })
 * // → { import: { maxFiles: 5, maxFileBytes: 2 } }
 */
export function laySettings<T>(under: T, over: unknown): T {
  if (over === undefined) return under;
  if (!isPlainObject(over) || !isPlainObject(under)) return over as T;
  const result: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over)) {
    if (value !== undefined) result[key] = laySettings(under[key], value);
  }
  return result as T;
}

/** Built-in defaults, then the instance defaults, then the workspace overrides: the document that applies. */
export function effectiveSettings(builtIns: SettingsDocument, defaults: PartialSettings, overrides: PartialSettings = {}): SettingsDocument {
  return laySettings(laySettings(builtIns, defaults), overrides);
}
