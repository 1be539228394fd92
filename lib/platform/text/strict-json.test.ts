import { describe, expect, it } from 'vitest';
import { parseJsonStrict, parseYamlStrict, scanJsonText } from './strict-json';

describe('parseJsonStrict', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJsonStrict('{"a":[1,{"b":null}],"c":"x"}')).toEqual({ ok: true, value: { a: [1, { b: null }], c: 'x' } });
    expect(parseJsonStrict('[]')).toEqual({ ok: true, value: [] });
    expect(parseJsonStrict('"text"')).toEqual({ ok: true, value: 'text' });
  });

  it('refuses text that is not JSON', () => {
    const result = parseJsonStrict('{"a":');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^not valid JSON: /);
  });

  it('accepts a leading byte order mark', () => {
    expect(parseJsonStrict('\ufeff{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it.each([
    ['{"a":1,"a":2}', 'duplicate key "a" at the top level'],
    ['{"elements":[{"id":"x"},{"id":"y","name":"n","name":"m"}]}', 'duplicate key "name" in elements[1]'],
    ['{"a":{"b":[[1],[2,{"k":1,"k":1}]]}}', 'duplicate key "k" in a.b[1][1]'],
    ['{"a":1,"\\u0061":2}', 'duplicate key "a" at the top level'],
    ['{"x y":{"q":1,"q":2}}', 'duplicate key "q" in ["x y"]'],
    ['{"s":"a\\"b","s":1}', 'duplicate key "s" at the top level'],
  ])('refuses a duplicate key in %s', (text, message) => {
    expect(parseJsonStrict(text)).toEqual({ ok: false, message });
  });

  it('does not confuse equal keys in different objects, or key-like text inside strings', () => {
    expect(parseJsonStrict('[{"a":1},{"a":2}]').ok).toBe(true);
    expect(parseJsonStrict('{"a":{"a":{"a":1}}}').ok).toBe(true);
    expect(parseJsonStrict('{"a":"\\"a\\":1,","b":"\\\\","c":["a","a"]}').ok).toBe(true);
  });

  it('refuses a number written with over 40 characters, which JSON.parse would round, and names its path', () => {
    const forty = `0.${'1'.repeat(38)}`;
    expect(forty).toHaveLength(40);
    expect(parseJsonStrict(`{"a":[${forty},-${'9'.repeat(39)}]}`).ok).toBe(true);
    expect(parseJsonStrict(`{"a":[1,{"b":${forty}1}]}`)).toEqual({ ok: false, message: 'a number of over 40 characters at a[1].b (it would lose digits)' });
    expect(parseJsonStrict(`[1e${'0'.repeat(40)}1]`)).toEqual({ ok: false, message: 'a number of over 40 characters at [0] (it would lose digits)' });
    expect(parseJsonStrict('1'.repeat(41))).toEqual({ ok: false, message: 'a number of over 40 characters at the top level (it would lose digits)' });
    // Digits inside strings and keys are text, not numbers.
    expect(parseJsonStrict(`{"${'1'.repeat(50)}":"${'2'.repeat(50)}"}`).ok).toBe(true);
  });

  it('scanJsonText reports the first repeated key and the first long number together', () => {
    expect(scanJsonText(`{"x":{"k":1,"k":2},"y":[${'3'.repeat(41)}]}`)).toEqual({
      duplicate: { key: 'k', path: 'x' },
      longNumber: { text: '3'.repeat(41), path: 'y[0]' },
    });
    expect(scanJsonText('{"a":[1,2.5e-3,-0]}')).toEqual({ duplicate: null, longNumber: null });
  });

  it('scans a 16 MB body in one pass', () => {
    const entry = { id: '00000000-0000-4000-8000-000000000001', name: 'A "quoted" name \\ with escapes', tags: ['x', 'y'], nested: { a: 1, b: [1, 2, 3] } };
    const text = JSON.stringify({ elements: Array.from({ length: 100_000 }, (_, i) => ({ ...entry, n: i })) });
    expect(text.length).toBeGreaterThan(12_000_000);
    const start = performance.now();
    const result = parseJsonStrict(text);
    console.log(`parseJsonStrict over ${(text.length / 1e6).toFixed(1)} MB: ${(performance.now() - start).toFixed(0)} ms`);
    expect(result.ok).toBe(true);
    const withDuplicate = `${text.slice(0, -3)},"n":1}]}`;
    expect(parseJsonStrict(withDuplicate)).toEqual({ ok: false, message: 'duplicate key "n" in elements[99999]' });
  });
});

describe('parseYamlStrict', () => {
  it('reads YAML 1.2 core values', () => {
    expect(parseYamlStrict('a: 1\nb: [x, null, true]\nc: "2024-01-01"\nd: 2024-01-01\ne: yes\n')).toEqual({
      ok: true,
      value: { a: 1, b: ['x', null, true], c: '2024-01-01', d: '2024-01-01', e: 'yes' },
    });
  });

  it.each([
    ['a: 1\na: 2\n', /Map keys must be unique/],
    ['1: a\n"1": b\n', /Map keys must be unique/],
    ['a: !custom x\n', /Unresolved tag/],
    ['a: !!binary aGk=\n', /Unresolved tag/],
    ['a: 1\n---\nb: 2\n', /multiple documents/],
    ['? [a, b]\n: c\n', /mapping key must be a scalar/],
    ['a: [1\n', /not valid YAML/],
  ])('refuses %j', (text, message) => {
    const result = parseYamlStrict(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
  });

  it('reads << as an ordinary key, not a merge', () => {
    expect(parseYamlStrict('base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n')).toEqual({ ok: true, value: { base: { x: 1 }, other: { '<<': { x: 1 }, y: 2 } } });
  });

  it('caps alias expansion', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const result = parseYamlStrict(`${lines.join('\n')}\n`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/alias/i);
    expect(parseYamlStrict('a: &x [1]\nb: *x\nc: *x\n')).toEqual({ ok: true, value: { a: [1], b: [1], c: [1] } });
  });

  it('keeps a __proto__ key as data', () => {
    const result = parseYamlStrict('__proto__: {polluted: true}\n');
    expect(result.ok).toBe(true);
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
