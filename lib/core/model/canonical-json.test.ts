import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

/** The same JSON value with the keys of every object in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, member]) => [key, reversedKeys(member)]));
}

describe('canonicalJson', () => {
  it('is JSON of the same value, whatever the key order, with keys in UTF-16 order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reversedKeys(value))).toBe(text);
      }),
      { numRuns: 300 },
    );
    expect(canonicalJson({ b: 1, B: 2, a: { '10': 0, '9': 1 }, é: [] })).toBe('{"B":2,"a":{"10":0,"9":1},"b":1,"é":[]}');
  });

  it('leaves out members holding undefined, as JSON.stringify does, and tells different values apart', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson({ a: undefined })).toBe('{}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });
});
