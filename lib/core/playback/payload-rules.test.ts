import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payloadBytes, payloadFits, payloadProblem } from './payload-rules';

describe('payload rules', () => {
  it('payloadFits agrees with the exact size of the JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 400 }), (value, limit) => {
        expect(payloadFits(value, limit)).toBe(payloadBytes(value) <= limit);
      }),
      { numRuns: 500 },
    );
    const big = { text: 'é'.repeat(32_767) };
    expect(payloadBytes(big)).toBe(65_545);
    expect(payloadFits(big, 65_536)).toBe(false);
    expect(payloadFits({ text: 'é'.repeat(32_760) }, 65_536)).toBe(true);
  });

  it('names the first refused value by its path', () => {
    expect(payloadProblem({ a: [1, { b: '\u0000' }] }, 'p', 64)).toEqual({ kind: 'nul', path: 'p.a[1].b', message: 'must not contain U+0000' });
    expect(payloadProblem({ 'x y': Number.NaN }, 'p', 64)?.path).toBe('p["x y"]');
    expect(payloadProblem([[[]]], 'p', 2)?.kind).toBe('too-deep');
    expect(payloadProblem([[]], 'p', 2)).toBeNull();
    expect(payloadProblem({ when: new Date(0) }, 'p', 64)?.kind).toBe('not-json');
  });
});
