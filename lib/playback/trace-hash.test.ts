import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventKinds, type PlaybackEvent, type StepOutcomeEntry } from './playback-types';
import { stepOutcomes } from './scenario-document';
import { canonicalJson, hashTrace } from './trace-hash';

/** The text of trace-hash.ts built the slow, obvious way. */
function referenceHash(events: readonly PlaybackEvent[], outcomes: readonly StepOutcomeEntry[]): string {
  const table: string[] = [];
  const entry = (line: string) => (table.includes(line) ? table.indexOf(line) : table.push(line) - 1);
  const t = (value: string | null) => (value === null ? null : entry(`T${JSON.stringify(value)}`));
  const j = (value: unknown) => (value === null ? null : entry(`J${canonicalJson(value)}`));
  const lines = [
    ...events.map((e) => `E${JSON.stringify([e.sequence, e.atMs, t(e.kind), t(e.stepId), e.attempt, t(e.from), t(e.to), t(e.target), j(e.payload), t(e.detail), t(e.message), j(e.headers)])}`),
    ...outcomes.map((o) => `O${JSON.stringify([t(o.stepId), t(o.outcome)])}`),
  ];
  return createHash('sha256')
    .update([...lines, ...table].map((line) => `${line}\n`).join(''))
    .digest('hex');
}

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const event = fc.record({
  atMs: fc.oneof(fc.nat({ max: 20 }), fc.integer({ min: 0, max: 2 ** 31 + 5 }), fc.constant(2 ** 40 + 7), fc.constant(Number.MAX_SAFE_INTEGER), fc.double({ min: 0, max: 1e9, noNaN: true })),
  kind: fc.constantFrom(...eventKinds),
  stepId: text,
  attempt: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  from: text,
  to: text,
  target: text,
  payload: fc.jsonValue(),
  detail: text,
  message: text,
  headers: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })), { nil: null }),
});

describe('hashTrace', () => {
  it('hashes exactly the documented text, for any numbers, texts and JSON values', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), fc.array(fc.record({ stepId: fc.string(), outcome: fc.constantFrom(...stepOutcomes) }), { maxLength: 5 }), (drafts, outcomes) => {
        const events = drafts.map((draft, i) => ({ ...draft, sequence: i + 1 }) as PlaybackEvent);
        expect(hashTrace(events, outcomes)).toBe(referenceHash(events, outcomes));
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the key order of payloads, and tells different payloads apart', () => {
    const base = { sequence: 1, atMs: 0, kind: 'Published', stepId: 's', attempt: null, from: 'a', to: 'b', target: 'b', detail: null, message: 'm', headers: { x: '1', y: '2' } } as const;
    const one = hashTrace([{ ...base, payload: { a: 1, b: [1, { c: 2, d: 3 }] } }], []);
    expect(hashTrace([{ ...base, payload: { b: [1, { d: 3, c: 2 }], a: 1 }, headers: { y: '2', x: '1' } }], [])).toBe(one);
    expect(hashTrace([{ ...base, payload: { a: 1, b: [1, { c: 2, d: 4 }] } }], [])).not.toBe(one);
    expect(hashTrace([], [])).toBe(createHash('sha256').update('').digest('hex'));
  });
});
