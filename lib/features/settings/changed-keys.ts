function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The paths of the keys whose value differs between two settings documents,
 * for the audit log: names only, never values. A list counts as one value.
 *
 * @example
 * changedSettingsKeys({ import: { maxFiles: 1 } }, { import: { maxFiles: 2 }, cost: { region: 'x' } })
 * // → ['cost.region', 'import.maxFiles']
 */
export function changedSettingsKeys(before: unknown, after: unknown, prefix = ''): string[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changedSettingsKeys(before[key], after[key], prefix === '' ? key : `${prefix}.${key}`));
  }
  if (isPlainObject(before) !== isPlainObject(after)) {
    const inside = isPlainObject(before) ? changedSettingsKeys(before, {}, prefix) : changedSettingsKeys({}, after, prefix);
    return inside.length > 0 || prefix === '' ? inside : [prefix];
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix];
}
