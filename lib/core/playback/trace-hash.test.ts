import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventKinds, type PlaybackEvent, } from './playback-types';
import { stepOutcomes } from './scenario-document';
import { referenceTraceHash } from '../../../test/support/playback-fixtures';
import { digestTrace, hashTrace } from './trace-hash';

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
const event = fc.record({
  atMs: fc.oneof(fc.nat({ max: 20 }), fc.integer({ min: 0, max: 2 ** 31 + 5 }), fc.constant(2 ** 40 + 7), fc.constant(Number.MAX_SAFE_INTEGER), fc.constant(2 ** 32), fc.constant(2 ** 32 - 1)),
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
  it('hashes exactly the documented bytes, for any whole times, texts and JSON values', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), fc.array(fc.record({ stepId: fc.string(), outcome: fc.constantFrom(...stepOutcomes) }), { maxLength: 5 }), (drafts, outcomes) => {
        const events = drafts.map((draft, i) => ({ ...draft, sequence: i + 1 }) as PlaybackEvent);
        expect(hashTrace(events, outcomes)).toBe(referenceTraceHash(events, outcomes));
      }),
      { numRuns: 300 },
    );
  });

  it('measures the JSON of the events from above: payloads exact, texts and numbers at their longest', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (drafts) => {
        const events = drafts.map((draft, i) => ({ ...draft, sequence: i + 1 }) as PlaybackEvent);
        const actual = Buffer.byteLength(JSON.stringify(events), 'utf8');
        const { eventsJsonBytes } = digestTrace(events, []);
        expect(eventsJsonBytes).toBeGreaterThanOrEqual(actual);
        const texts = events.flatMap((e) => [e.kind, e.stepId, e.from, e.to, e.target, e.detail, e.message]);
        const longest = Math.max(4, ...texts.map((text) => Buffer.byteLength(JSON.stringify(text), 'utf8')));
        // Per event: three numbers counted at 24 characters, seven texts at the longest, and a comma more.
        expect(eventsJsonBytes - actual).toBeLessThanOrEqual(events.length * (3 * 24 + 7 * longest + 1) + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('does not depend on the key order of payloads, and tells different payloads apart', () => {
    const base = { sequence: 1, atMs: 0, kind: 'Published', stepId: 's', attempt: null, from: 'a', to: 'b', target: 'b', detail: null, message: 'm', headers: { x: '1', y: '2' } } as const;
    const one = hashTrace([{ ...base, payload: { a: 1, b: [1, { c: 2, d: 3 }] } }], []);
    expect(hashTrace([{ ...base, payload: { b: [1, { d: 3, c: 2 }], a: 1 }, headers: { y: '2', x: '1' } }], [])).toBe(one);
    expect(hashTrace([{ ...base, payload: { a: 1, b: [1, { c: 2, d: 4 }] } }], [])).not.toBe(one);
    expect(hashTrace([], [])).toBe(createHash('sha256').update(Buffer.alloc(8)).digest('hex'));
  });
});

describe('digestTrace', () => {
  it('gives the IDs of from, to, target and message once each, in order of first use, and no other texts', () => {
    const event = (sequence: number, fields: Partial<PlaybackEvent>): PlaybackEvent =>
      ({ sequence, atMs: 0, kind: 'Delivered', stepId: 'p', attempt: 1, from: null, to: null, target: null, payload: null, detail: null, message: null, headers: null, ...fields }) as PlaybackEvent;
    const events = [
      event(1, { from: 'a', to: 'c', target: 'c', message: 'm', detail: 'x' }),
      event(2, { from: 'a', to: 'd', target: 's1', message: 'm', detail: 'p' }),
      event(3, { from: 'c', to: null, target: 's1', detail: 'a' }),
    ];
    const digest = digestTrace(events, [{ stepId: 'p', outcome: 'Succeeded' }]);
    expect(digest.ids).toEqual(['a', 'c', 'm', 'd', 's1']);
    expect(digest.hash).toBe(hashTrace(events, [{ stepId: 'p', outcome: 'Succeeded' }]));
  });
});
