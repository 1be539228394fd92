import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, jsonStringBytes, responsePayloadBytes } from './response-payload';

describe('the size of a function response payload', () => {
  it('counts a text as JSON.stringify writes it, in UTF-8, without writing it', () => {
    for (const text of ['', 'plain', '"quoted" \\ back', 'a\nb\tc\rd\be\ff', '\u0000\u001f\u007f', 'ünïcødé 日本 😀', 'lone \ud800 and \udfff', '\ud83d\ude00']) {
      expect(jsonStringBytes(text)).toBe(Buffer.byteLength(JSON.stringify(text)));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(jsonStringBytes(text)).toBe(Buffer.byteLength(JSON.stringify(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts the whole result as Lambda would send it', () => {
    const result = { statusCode: 200, headers: { 'content-type': 'application/json', 'model-version': '3' }, body: '{\n  "name": "Ünï \\"x\\""\n}\n' };
    expect(responsePayloadBytes(result)).toBe(Buffer.byteLength(JSON.stringify(result)));
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['x-gzip', true],
    ['*', true],
    ['GZIP', true],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip;q=0.0, *', false],
    ['*;q=0', false],
    ['', false],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('without the header: no', () => {
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
