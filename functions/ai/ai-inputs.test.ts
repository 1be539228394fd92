import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainRequest, maxQuestionCharacters } from './ai-inputs';

const guid = fc.uuid().map((id) => id.toUpperCase());
const target = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constantFrom('element', 'relationship', 'scenario'), id: guid }),
  fc.record({ kind: fc.constant('trace-event'), scenarioId: guid, sequence: fc.integer({ min: 1, max: 1_000_000 }), runHash: fc.option(fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 64, maxLength: 64 })) }),
);

describe('the explain request body', () => {
  it('takes every well-formed body, with IDs and hashes lower-cased', () => {
    fc.assert(
      fc.property(target, fc.option(fc.string({ maxLength: maxQuestionCharacters }).filter((q) => !q.includes('\u0000'))), fc.option(guid), (t, question, branchId) => {
        const parsed = explainRequest.safeParse({ target: t, question, branchId });
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        expect(parsed.data.branchId).toBe(branchId === null ? null : branchId.toLowerCase());
        const lowered = t === null ? null : Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'string' ? v.toLowerCase() : v]));
        expect(parsed.data.target).toEqual(lowered);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses any other JSON value with issues, never by throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = explainRequest.safeParse(value);
        if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    expect(explainRequest.safeParse({ target: null, question: null }).success).toBe(false);
    expect(explainRequest.safeParse({ target: { kind: 'trace-event', scenarioId: '5b0c0000-0000-4000-8000-0000000000b1', sequence: 0, runHash: null }, question: null, branchId: null }).success).toBe(false);
  });
});
