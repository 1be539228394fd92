/**
 * Canonical JSON: the same value always gives the same text, whatever the
 * order its object keys were written or stored in. Object keys sorted by
 * UTF-16 code units, no white space, scalars as JSON.stringify writes them,
 * members holding undefined left out (as JSON.stringify leaves them out).
 * Used where equal values must compare or hash equal: the playback trace
 * hash and promise content hashes.
 */

/**
 * The canonical JSON text of a JSON value.
 *
 * @example
 * canonicalJson({ b: [1, { d: 2, c: 3 }], a: null }) // '{"a":null,"b":[1,{"c":3,"d":2}]}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Few keys (most objects): sorted in place, by UTF-16 code units as sort() orders strings, since
  // sort() would allocate a work copy for each object.
  if (keys.length > 16) keys.sort();
  else for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  let text = '{';
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${text}}`;
}
