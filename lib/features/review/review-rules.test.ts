import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snapshotFromRecords } from '../../core/model/model-document';
import type { AnyModelRecord, ModelKind } from '../../core/model/model-records';
import { channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { reviewModel, reviewRules } from './review-rules';

type Entry = { kind: ModelKind; record: AnyModelRecord };

/** A model with one finding per rule, and records that break none. */
function entries(): Entry[] {
  return [
    { kind: 'element', record: element({ id: guid(1), name: 'Shop' }) },
    { kind: 'element', record: element({ id: guid(2), kind: 'app', name: 'Old', status: 'removed', parentId: guid(1) }) },
    { kind: 'element', record: element({ id: guid(3), kind: 'app', name: 'Orders', parentId: guid(1) }) },
    { kind: 'element', record: element({ id: guid(4), kind: 'actor', name: 'Lonely' }) },
    { kind: 'element', record: element({ id: guid(5), kind: 'actor', name: 'Guess', factStatus: 'inferred', provenance: { source: 'ai:x', revision: null, confidence: 0.49, acceptedBy: null, acceptedAt: null } }) },
    { kind: 'element', record: element({ id: guid(6), kind: 'actor', name: 'Sure', factStatus: 'inferred', provenance: { source: 'ai:x', revision: null, confidence: 0.5, acceptedBy: null, acceptedAt: null } }) },
    { kind: 'relationship', record: relationship({ id: guid(10), fromId: guid(3), toId: guid(2), label: 'reads' }) },
    { kind: 'relationship', record: relationship({ id: guid(11), fromId: guid(5), toId: guid(3), kind: 'behavioural', label: ' ' }) },
    { kind: 'relationship', record: relationship({ id: guid(12), fromId: guid(6), toId: guid(1), kind: 'behavioural', label: 'uses', stale: { sinceRevision: 'abc', reason: 'evidence-not-found' } }) },
    { kind: 'channel', record: channel({ id: guid(20), kind: 'queue', name: 'work' }) },
    { kind: 'channel', record: channel({ id: guid(21), kind: 'queue', name: 'dead' }) },
    { kind: 'subscription', record: subscription({ id: guid(30), channelId: guid(20), consumerId: guid(3), retry: { maxAttempts: 3, backoffMs: 10 } }) },
    { kind: 'subscription', record: subscription({ id: guid(31), channelId: guid(20), consumerId: guid(3), retry: { maxAttempts: 3, backoffMs: 10 }, deadLetterChannelId: guid(21) }) },
    { kind: 'subscription', record: subscription({ id: guid(32), channelId: guid(20), consumerId: guid(3), retry: { maxAttempts: 1, backoffMs: 0 } }) },
    { kind: 'schema', record: schema({ id: guid(40), name: 'Used' }) },
    { kind: 'schema', record: schema({ id: guid(41), name: 'Unused' }) },
    { kind: 'message', record: message({ id: guid(50), producerId: guid(3), schemaId: guid(40) }) },
    { kind: 'operation', record: operation({ id: guid(60), ownerId: guid(3), name: 'NoTimeout', timeoutMs: null }) },
    { kind: 'operation', record: operation({ id: guid(61), ownerId: guid(3), name: 'Timed', timeoutMs: 100 }) },
    { kind: 'operation', record: operation({ id: guid(62), ownerId: guid(3), name: 'NeverCalled', timeoutMs: null }) },
  ];
}

const calls = [
  { scenarioId: guid(91), scenarioName: 'B', operationId: guid(60) },
  { scenarioId: guid(90), scenarioName: 'A', operationId: guid(60) },
  { scenarioId: guid(90), scenarioName: 'A', operationId: guid(61) },
];

const modelOf = (list: Entry[]) => snapshotFromRecords(list as never);

describe('review rules', () => {
  it('finds exactly the breaking records, rule by rule, each rule in subject-ID order', () => {
    const findings = reviewModel({ model: modelOf(entries()), scenarioCalls: calls });
    expect(findings.map((f) => f.id)).toEqual([
      `RV001:${guid(10)}`,
      `RV002:${guid(30)}`,
      `RV003:${guid(60)}`,
      `RV004:${guid(41)}`,
      `RV005:${guid(5)}`,
      `RV006:${guid(12)}`,
      `RV007:${guid(4)}`,
      `RV008:${guid(11)}`,
    ]);
    expect(findings.map((f) => f.severity)).toEqual(reviewRules.map((r) => r.severity));
    expect(findings[0]).toMatchObject({ subject: { kind: 'relationship', id: guid(10), name: 'reads' }, related: [{ kind: 'element', id: guid(2), name: 'Old' }] });
    expect(findings[2]!.related).toEqual([
      { kind: 'scenario', id: guid(90), name: 'A' },
      { kind: 'scenario', id: guid(91), name: 'B' },
    ]);
    expect(findings[5]!.message).toContain('abc');
  });

  it('gives the same findings whatever order the model was read in (property)', () => {
    const expected = reviewModel({ model: modelOf(entries()), scenarioCalls: calls });
    fc.assert(
      fc.property(fc.shuffledSubarray(entries(), { minLength: entries().length }), fc.shuffledSubarray(calls, { minLength: calls.length }), (shuffled, shuffledCalls) => {
        expect(reviewModel({ model: modelOf(shuffled), scenarioCalls: shuffledCalls })).toEqual(expected);
      }),
    );
  });

  it('finds nothing in an empty model', () => {
    expect(reviewModel({ model: modelOf([]), scenarioCalls: [] })).toEqual([]);
  });
});
