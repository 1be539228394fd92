import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mustQuoteInYaml } from './model-document';
import { awkwardStrings, awkwardText, yamlByLibrary } from './yaml-test-reference';
import { YamlWriterUnsupportedError, yamlMapping } from './yaml-writer';

const neverQuote = () => false;
const written = (value: Record<string, unknown>, mustQuote: (text: string) => boolean) => `${yamlMapping(value, '', mustQuote)}\n`;

/** Plain data: objects with awkward keys, arrays, awkward strings, numbers, booleans and null, a few levels deep. */
const plainData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    awkwardText(),
    fc.double(),
    fc.integer(),
    fc.constantFrom(0, -0, 1e21, 1e-7, 0.1, 2 ** 53, -(2 ** 60), Number.MAX_VALUE, Number.MIN_VALUE),
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(awkwardText(), tie('value'), { maxKeys: 4 }),
}));

describe('yamlMapping writes what the yaml package writes', () => {
  it.each(awkwardStrings.map((text) => [text]))('for the value and the key %j, quoted as the model document asks or not at all', (text) => {
    const value = { [text]: text, nested: { [text]: [text, { [text]: text }], list: [text, [text]] }, multi: `${text}\n${text}`, edge: `\n${text} ` };
    for (const rule of [mustQuoteInYaml, neverQuote]) expect(written(value, rule)).toBe(yamlByLibrary(value, rule));
  });

  it('for numbers, booleans, null, empty collections and values left out', () => {
    const value = { n: [0, -0, 1, -1, 1.5, 1e21, 1e-7, 123456789012345680000, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY], b: [true, false], z: null, e: [], o: {}, u: undefined, inList: [undefined, null, [], {}], deep: { a: { b: { c: [[[]]] } } } };
    expect(written(value, mustQuoteInYaml)).toBe(yamlByLibrary(value, mustQuoteInYaml));
  });

  it('for random plain data with awkward strings and keys', () => {
    fc.assert(
      fc.property(plainData.object, fc.boolean(), (value, quoteLikeTheExport) => {
        const rule = quoteLikeTheExport ? mustQuoteInYaml : neverQuote;
        expect(written(value as Record<string, unknown>, rule)).toBe(yamlByLibrary(value, rule));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses what it does not write as yaml would: a key of over 1024 characters, values other than plain data', () => {
    expect(() => yamlMapping({ ['k'.repeat(1025)]: 1 }, '', neverQuote)).toThrow(YamlWriterUnsupportedError);
    expect(() => yamlMapping({ when: new Date(0) }, '', neverQuote)).toThrow(YamlWriterUnsupportedError);
    expect(() => yamlMapping({ big: 1n }, '', neverQuote)).toThrow(YamlWriterUnsupportedError);
    expect(yamlMapping({ ['k'.repeat(1024)]: 1 }, '', neverQuote)).toBe(`${'k'.repeat(1024)}: 1`);
  });
});
