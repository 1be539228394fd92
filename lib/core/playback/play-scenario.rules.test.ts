/**
 * One hand-written scenario (or a few) per playback rule of part 1 "Scenarios"
 * (rules 1–13), plus the fault counting rules, parallel, branch and
 * assertions. Each case states the whole trace: time, kind, step, target and
 * attempt of every event, and the outcome of every step.
 */
import { describe, expect, it } from 'vitest';
import type { AnyModelRecord } from '../model/model-records';
import { playScenario } from './play-scenario';
import {
  binding,
  branchStep,
  callStep,
  channel,
  element,
  fault,
  guid,
  message,
  modelOf,
  operation,
  outcomesOf,
  parallelStep,
  publishStep,
  referenceTraceHash,
  scenarioOf,
  subscription,
  traceLines,
  writeStep,
} from '../../../test/support/playback-fixtures';
import type { Assertion, Fault, Step } from './scenario-document';

const E = { client: guid(0x01), api: guid(0x02), worker: guid(0x03), db: guid(0x04), mailer: guid(0x05), audit: guid(0x06) };
const OP = { pay: guid(0x11), gateway: guid(0x12), ledger: guid(0x13), slow: guid(0x14) };
const CH = { orders: guid(0x21), billing: guid(0x22), shipping: guid(0x23), dlq: guid(0x24), archive: guid(0x25), audit: guid(0x26) };
const S = { s1: guid(0x31), s2: guid(0x32), s3: guid(0x33), s4: guid(0x34), s5: guid(0x35), s9: guid(0x39) };
const B = { b1: guid(0x41), b2: guid(0x42), b3: guid(0x43), b4: guid(0x44), b5: guid(0x45), b6: guid(0x46), b7: guid(0x47) };
const MSG = guid(0x51);

const names: Record<string, string> = Object.fromEntries(
  [E, OP, CH, S, B].flatMap((group) => Object.entries(group).map(([name, id]) => [id, name])).concat([[MSG, 'msg']]),
);

const elements = [
  element({ id: E.client, kind: 'actor', name: 'Client' }),
  element({ id: E.api, name: 'API' }),
  element({ id: E.worker, name: 'Worker' }),
  element({ id: E.db, name: 'Database' }),
  element({ id: E.mailer, name: 'Mailer' }),
  element({ id: E.audit, name: 'Audit' }),
];
const orderPlaced = message({ id: MSG, producerId: E.client, name: 'OrderPlaced' });
const channels = Object.entries(CH).map(([name, id]) => channel({ id, name, kind: name === 'orders' ? 'topic' : 'queue' }));

interface RuleCase {
  name: string;
  records: AnyModelRecord[];
  steps: Step[];
  faults?: Fault[];
  assertions?: Assertion[];
  trace: string[];
  outcomes: Record<string, string>;
  assertionsPassed?: boolean[];
}

function play(records: AnyModelRecord[], steps: Step[], faults: Fault[] = [], assertions: Assertion[] = []) {
  return playScenario({ model: modelOf([...elements, orderPlaced, ...channels, ...records]), modelVersion: 3, scenario: scenarioOf(steps, faults, assertions) });
}

const cases: RuleCase[] = [
  {
    // Rule 3: "each attempt runs `then` again, so writes and messages repeat and the trace shows duplicates."
    name: 'rule 3: a Timeout attempt is a callee that worked but answered late: its writes happen on every attempt',
    records: [operation({ id: OP.pay, ownerId: E.api, timeoutMs: 1000, retry: { maxAttempts: 3, backoffMs: 200 } })],
    steps: [callStep('c', E.client, OP.pay, { then: [writeStep('w', E.api, E.db)] })],
    faults: [fault(OP.pay, 'Timeout', 2)],
    assertions: [
      { type: 'event-count', id: 'writes', kind: 'DataWritten', target: null, expected: 3 },
      { type: 'outcome', id: 'call', step: 'c', expected: 'Succeeded' },
    ],
    trace: [
      '0 RequestSent c pay#1',
      '0 DataWritten w db',
      '1000 RequestTimedOut c pay#1',
      '1000 RetryScheduled c pay#2',
      '1200 RequestSent c pay#2',
      '1200 DataWritten w db',
      '2200 RequestTimedOut c pay#2',
      '2200 RetryScheduled c pay#3',
      '2400 RequestSent c pay#3',
      '2400 DataWritten w db',
      '2400 ResponseReceived c pay#3',
    ],
    outcomes: { c: 'Succeeded', w: 'Succeeded' },
    assertionsPassed: [true, true],
  },
  {
    name: 'rule 3: an Error attempt runs `then` (its messages repeat) and then answers the failure; onError runs after the last',
    records: [
      operation({ id: OP.pay, ownerId: E.api, retry: { maxAttempts: 2, backoffMs: 50 } }),
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker }),
    ],
    steps: [callStep('c', E.client, OP.pay, { then: [publishStep('p', E.api, CH.orders, MSG)], onError: [writeStep('log', E.client, E.db)] })],
    faults: [fault(OP.pay, 'Error')],
    assertions: [{ type: 'event-count', id: 'published', kind: 'Published', target: null, expected: 2 }],
    trace: [
      '0 RequestSent c pay#1',
      '0 Published p orders',
      '0 Delivered p s1#1',
      '0 RequestFailed c pay#1',
      '0 RetryScheduled c pay#2',
      '50 RequestSent c pay#2',
      '50 Published p orders',
      '50 Delivered p s1#1',
      '50 RequestFailed c pay#2',
      '50 DataWritten log db',
    ],
    outcomes: { c: 'Failed', p: 'Succeeded', log: 'Succeeded' },
    assertionsPassed: [true],
  },
  {
    name: 'rule 3: an Outage attempt never reaches the callee: `then` runs only in the attempt that got through',
    records: [operation({ id: OP.pay, ownerId: E.api, retry: { maxAttempts: 3, backoffMs: 10 } })],
    steps: [callStep('c', E.client, OP.pay, { then: [writeStep('w', E.api, E.db)] })],
    faults: [fault(E.api, 'Outage', 2)],
    assertions: [{ type: 'event-count', id: 'writes', kind: 'DataWritten', target: null, expected: 1 }],
    trace: [
      '0 RequestSent c pay#1',
      '0 RequestFailed c pay#1',
      '0 RetryScheduled c pay#2',
      '10 RequestSent c pay#2',
      '10 RequestFailed c pay#2',
      '10 RetryScheduled c pay#3',
      '20 RequestSent c pay#3',
      '20 DataWritten w db',
      '20 ResponseReceived c pay#3',
    ],
    outcomes: { c: 'Succeeded', w: 'Succeeded' },
    assertionsPassed: [true],
  },
  {
    name: 'rule 3 for deliveries: a handler runs on an erroring delivery attempt, not on one under Outage',
    records: [
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, retry: { maxAttempts: 2, backoffMs: 100 } }),
      subscription({ id: S.s2, channelId: CH.orders, consumerId: E.mailer }),
    ],
    steps: [
      publishStep('p', E.client, CH.orders, MSG, { handlers: { [S.s1]: [writeStep('h1', E.worker, E.db)], [S.s2]: [writeStep('h2', E.mailer, E.db)] } }),
    ],
    faults: [fault(S.s1, 'Error', 1), fault(S.s2, 'Outage')],
    trace: [
      '0 Published p orders',
      '0 DataWritten h1 db',
      '0 DeliveryFailed p s1#1',
      '0 RetryScheduled p s1#2',
      '0 DeliveryFailed p s2#1',
      '0 Dropped p s2#1',
      '100 DataWritten h1 db',
      '100 Delivered p s1#2',
    ],
    outcomes: { p: 'Succeeded', h1: 'Succeeded', h2: 'Skipped' },
  },
  {
    name: 'rule 1: only a declared timeout and a retry backoff move virtual time',
    records: [operation({ id: OP.pay, ownerId: E.api, timeoutMs: 1000, retry: { maxAttempts: 2, backoffMs: 250 } })],
    steps: [callStep('c1', E.client, OP.pay, { then: [writeStep('w1', E.api, E.db)] }), writeStep('w2', E.client, E.db)],
    faults: [fault(OP.pay, 'Timeout', 1)],
    trace: [
      '0 RequestSent c1 pay#1',
      '0 DataWritten w1 db',
      '1000 RequestTimedOut c1 pay#1',
      '1000 RetryScheduled c1 pay#2',
      '1250 RequestSent c1 pay#2',
      '1250 DataWritten w1 db',
      '1250 ResponseReceived c1 pay#2',
      '1250 DataWritten w2 db',
    ],
    outcomes: { c1: 'Succeeded', w1: 'Succeeded', w2: 'Succeeded' },
  },
  {
    name: 'rule 2: a response exactly at the end of the timeout is late',
    records: [
      operation({ id: OP.gateway, ownerId: E.api, timeoutMs: 300 }),
      operation({ id: OP.ledger, ownerId: E.worker, retry: { maxAttempts: 2, backoffMs: 300 } }),
    ],
    steps: [callStep('a', E.client, OP.gateway, { then: [callStep('b', E.api, OP.ledger), writeStep('w', E.api, E.db)] }), writeStep('after', E.client, E.db)],
    faults: [fault(OP.ledger, 'Error', 1)],
    trace: [
      '0 RequestSent a gateway#1',
      '0 RequestSent b ledger#1',
      '0 RequestFailed b ledger#1',
      '0 RetryScheduled b ledger#2',
      '300 RequestTimedOut a gateway#1',
      '300 StepSkipped after -',
      '300 RequestSent b ledger#2',
      '300 ResponseReceived b ledger#2',
      '300 DataWritten w db',
    ],
    outcomes: { a: 'Failed', b: 'Succeeded', w: 'Succeeded', after: 'Skipped' },
  },
  {
    name: 'rule 2: a response 1 ms before the end of the timeout is in time',
    records: [
      operation({ id: OP.gateway, ownerId: E.api, timeoutMs: 300 }),
      operation({ id: OP.ledger, ownerId: E.worker, retry: { maxAttempts: 2, backoffMs: 299 } }),
    ],
    steps: [callStep('a', E.client, OP.gateway, { then: [callStep('b', E.api, OP.ledger)] }), writeStep('after', E.client, E.db)],
    faults: [fault(OP.ledger, 'Error', 1)],
    trace: [
      '0 RequestSent a gateway#1',
      '0 RequestSent b ledger#1',
      '0 RequestFailed b ledger#1',
      '0 RetryScheduled b ledger#2',
      '299 RequestSent b ledger#2',
      '299 ResponseReceived b ledger#2',
      '299 ResponseReceived a gateway#1',
      '299 DataWritten after db',
    ],
    outcomes: { a: 'Succeeded', b: 'Succeeded', after: 'Succeeded' },
  },
  {
    name: 'rule 2: a call fails when the callee fails',
    records: [operation({ id: OP.gateway, ownerId: E.api })],
    steps: [callStep('a', E.client, OP.gateway, { then: [writeStep('w', E.api, E.db)] })],
    faults: [fault(E.db, 'Error')],
    trace: ['0 RequestSent a gateway#1', '0 DataWriteFailed w db', '0 RequestFailed a gateway#1'],
    outcomes: { a: 'Failed', w: 'Failed' },
  },
  {
    name: 'rule 3: each attempt runs then again, so writes repeat in the trace',
    records: [operation({ id: OP.pay, ownerId: E.api, retry: { maxAttempts: 3, backoffMs: 100 } })],
    steps: [callStep('c', E.client, OP.pay, { then: [writeStep('w1', E.api, E.db), writeStep('w2', E.api, E.audit, 'log')] })],
    faults: [fault(E.audit, 'Error', 1)],
    assertions: [
      { type: 'event-count', id: 'writes', kind: 'DataWritten', target: null, expected: 3 },
      { type: 'outcome', id: 'settled', step: 'w2', expected: 'Succeeded' },
    ],
    trace: [
      '0 RequestSent c pay#1',
      '0 DataWritten w1 db',
      '0 DataWriteFailed w2 audit',
      '0 RequestFailed c pay#1',
      '0 RetryScheduled c pay#2',
      '100 RequestSent c pay#2',
      '100 DataWritten w1 db',
      '100 DataWritten w2 audit',
      '100 ResponseReceived c pay#2',
    ],
    outcomes: { c: 'Succeeded', w1: 'Succeeded', w2: 'Succeeded' },
    assertionsPassed: [true, true],
  },
  {
    name: 'rule 3: a call fails after its last attempt; then never ran',
    records: [operation({ id: OP.pay, ownerId: E.api, retry: { maxAttempts: 2, backoffMs: 50 } })],
    steps: [callStep('c', E.client, OP.pay, { then: [writeStep('w', E.api, E.db)] })],
    faults: [fault(OP.pay, 'Outage')],
    trace: ['0 RequestSent c pay#1', '0 RequestFailed c pay#1', '0 RetryScheduled c pay#2', '50 RequestSent c pay#2', '50 RequestFailed c pay#2'],
    outcomes: { c: 'Failed', w: 'Skipped' },
  },
  {
    name: 'rule 4: a failing step without onError skips the later steps of its list',
    records: [operation({ id: OP.pay, ownerId: E.api })],
    steps: [writeStep('a', E.client, E.db), writeStep('b', E.client, E.audit), callStep('c', E.client, OP.pay)],
    faults: [fault(E.db, 'Error')],
    trace: ['0 DataWriteFailed a db', '0 StepSkipped b -', '0 StepSkipped c -'],
    outcomes: { a: 'Failed', b: 'Skipped', c: 'Skipped' },
  },
  {
    name: 'rule 4: onError handles the failure and the list goes on',
    records: [operation({ id: OP.pay, ownerId: E.api })],
    steps: [callStep('x', E.client, OP.pay, { onError: [writeStep('e', E.client, E.audit, 'errors')] }), writeStep('f', E.client, E.db)],
    faults: [fault(OP.pay, 'Error')],
    trace: ['0 RequestSent x pay#1', '0 RequestFailed x pay#1', '0 DataWritten e audit', '0 DataWritten f db'],
    outcomes: { x: 'Failed', e: 'Succeeded', f: 'Succeeded' },
  },
  {
    name: 'rule 5: the publisher does not wait for consumers, and a consumer failure does not fail it',
    records: [operation({ id: OP.slow, ownerId: E.mailer, timeoutMs: 500 }), subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker })],
    steps: [publishStep('p', E.client, CH.orders, MSG, { handlers: { [S.s1]: [callStep('h', E.worker, OP.slow)] } }), writeStep('w', E.client, E.db)],
    faults: [fault(OP.slow, 'Timeout')],
    trace: [
      '0 Published p orders',
      '0 RequestSent h slow#1',
      '0 DataWritten w db',
      '500 RequestTimedOut h slow#1',
      '500 DeliveryFailed p s1#1',
      '500 Dropped p s1#1',
    ],
    outcomes: { p: 'Succeeded', h: 'Failed', w: 'Succeeded' },
  },
  {
    name: 'rule 6: a consumer failing every attempt dead-letters the message',
    records: [subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, retry: { maxAttempts: 2, backoffMs: 1000 }, deadLetterChannelId: CH.dlq })],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    faults: [fault(E.worker, 'Error')],
    trace: ['0 Published p orders', '0 DeliveryFailed p s1#1', '0 RetryScheduled p s1#2', '1000 DeliveryFailed p s1#2', '1000 DeadLettered p s1#2'],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'rule 6: without a dead-letter channel the message is Dropped',
    records: [subscription({ id: S.s2, channelId: CH.orders, consumerId: E.mailer })],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    faults: [fault(S.s2, 'Outage')],
    trace: ['0 Published p orders', '0 DeliveryFailed p s2#1', '0 Dropped p s2#1'],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'rule 6: a fault on the dead-letter channel gives Dropped',
    records: [subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, deadLetterChannelId: CH.dlq })],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    faults: [fault(S.s1, 'Error'), fault(CH.dlq, 'Outage')],
    trace: ['0 Published p orders', '0 DeliveryFailed p s1#1', '0 Dropped p s1#1'],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'rule 7: bindings are followed; subscriptions by ID, then bindings by ID, depth first',
    // Listed in reverse so that the snapshot's own order is not the ID order.
    records: [
      binding({ id: B.b3, sourceChannelId: CH.shipping, targetChannelId: CH.archive }),
      binding({ id: B.b2, sourceChannelId: CH.orders, targetChannelId: CH.shipping }),
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing }),
      subscription({ id: S.s5, channelId: CH.archive, consumerId: E.audit }),
      subscription({ id: S.s4, channelId: CH.shipping, consumerId: E.worker }),
      subscription({ id: S.s3, channelId: CH.billing, consumerId: E.api }),
      subscription({ id: S.s2, channelId: CH.orders, consumerId: E.mailer }),
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker }),
    ],
    steps: [publishStep('p', E.client, CH.orders, MSG, { handlers: { [S.s2]: [writeStep('h2', E.mailer, E.db)] } })],
    trace: [
      '0 Published p orders',
      '0 Delivered p s1#1',
      '0 DataWritten h2 db',
      '0 Delivered p s2#1',
      '0 Routed p b1',
      '0 Delivered p s3#1',
      '0 Routed p b2',
      '0 Delivered p s4#1',
      '0 Routed p b3',
      '0 Delivered p s5#1',
    ],
    outcomes: { p: 'Succeeded', h2: 'Succeeded' },
  },
  {
    name: 'rule 8: routing keys as AMQP topic patterns; no routing key passes only bindings without one',
    records: [
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing }),
      binding({ id: B.b2, sourceChannelId: CH.orders, targetChannelId: CH.shipping, routingKey: 'order.*' }),
      binding({ id: B.b3, sourceChannelId: CH.orders, targetChannelId: CH.archive, routingKey: 'order.#.paid' }),
      binding({ id: B.b4, sourceChannelId: CH.orders, targetChannelId: CH.audit, routingKey: 'invoice.*' }),
      binding({ id: B.b5, sourceChannelId: CH.orders, targetChannelId: CH.dlq, routingKey: 'order.eu.paid' }),
    ],
    steps: [publishStep('p1', E.client, CH.orders, MSG, { routingKey: 'order.eu.paid' }), publishStep('p2', E.client, CH.orders, MSG)],
    trace: [
      '0 Published p1 orders',
      '0 Routed p1 b1',
      '0 NotRouted p1 b2',
      '0 Routed p1 b3',
      '0 NotRouted p1 b4',
      '0 Routed p1 b5',
      '0 Published p2 orders',
      '0 Routed p2 b1',
      '0 NotRouted p2 b2',
      '0 NotRouted p2 b3',
      '0 NotRouted p2 b4',
      '0 NotRouted p2 b5',
    ],
    outcomes: { p1: 'Succeeded', p2: 'Succeeded' },
  },
  {
    name: 'rule 9: a channel takes one message once; a cycle of bindings ends',
    records: [
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing }),
      binding({ id: B.b2, sourceChannelId: CH.billing, targetChannelId: CH.orders }),
      binding({ id: B.b3, sourceChannelId: CH.billing, targetChannelId: CH.shipping }),
      binding({ id: B.b4, sourceChannelId: CH.shipping, targetChannelId: CH.billing }),
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker }),
      subscription({ id: S.s3, channelId: CH.billing, consumerId: E.api }),
      subscription({ id: S.s4, channelId: CH.shipping, consumerId: E.mailer }),
    ],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    trace: [
      '0 Published p orders',
      '0 Delivered p s1#1',
      '0 Routed p b1',
      '0 Delivered p s3#1',
      '0 NotRouted p b2',
      '0 Routed p b3',
      '0 Delivered p s4#1',
      '0 NotRouted p b4',
    ],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'rule 11: a fault on a bound channel closes that route only',
    records: [
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing }),
      binding({ id: B.b2, sourceChannelId: CH.orders, targetChannelId: CH.shipping }),
      binding({ id: B.b3, sourceChannelId: CH.billing, targetChannelId: CH.archive }),
      subscription({ id: S.s3, channelId: CH.billing, consumerId: E.api }),
      subscription({ id: S.s4, channelId: CH.shipping, consumerId: E.worker }),
    ],
    steps: [publishStep('p', E.client, CH.orders, MSG), writeStep('w', E.client, E.db)],
    faults: [fault(CH.billing, 'Error')],
    trace: ['0 Published p orders', '0 Routed p b1', '0 PublishFailed p b1', '0 Routed p b2', '0 Delivered p s4#1', '0 DataWritten w db'],
    outcomes: { p: 'Succeeded', w: 'Succeeded' },
  },
  {
    name: 'rule 11: a channel whose fault refused the message on one route takes it on another',
    records: [
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing }),
      binding({ id: B.b2, sourceChannelId: CH.orders, targetChannelId: CH.shipping }),
      binding({ id: B.b3, sourceChannelId: CH.shipping, targetChannelId: CH.billing }),
      subscription({ id: S.s3, channelId: CH.billing, consumerId: E.api }),
    ],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    faults: [fault(CH.billing, 'Outage', 1)],
    trace: ['0 Published p orders', '0 Routed p b1', '0 PublishFailed p b1', '0 Routed p b2', '0 Routed p b3', '0 Delivered p s3#1'],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'rule 11: a fault on the published channel fails the publish step',
    records: [subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker })],
    steps: [publishStep('p', E.client, CH.orders, MSG), writeStep('w', E.client, E.db)],
    faults: [fault(CH.orders, 'Outage', 1)],
    trace: ['0 PublishFailed p orders', '0 StepSkipped w -'],
    outcomes: { p: 'Failed', w: 'Skipped' },
  },
  {
    name: 'rule 12: a dead-lettered message follows the dead-letter bindings, is not delivered there, and a faulty route gives Dropped',
    records: [
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, deadLetterChannelId: CH.dlq }),
      subscription({ id: S.s9, channelId: CH.dlq, consumerId: E.audit }),
      subscription({ id: S.s5, channelId: CH.archive, consumerId: E.audit }),
      binding({ id: B.b6, sourceChannelId: CH.dlq, targetChannelId: CH.archive }),
      binding({ id: B.b7, sourceChannelId: CH.dlq, targetChannelId: CH.shipping }),
    ],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    faults: [fault(S.s1, 'Error'), fault(CH.shipping, 'Outage')],
    trace: ['0 Published p orders', '0 DeliveryFailed p s1#1', '0 DeadLettered p s1#1', '0 Routed p b6', '0 Delivered p s5#1', '0 Routed p b7', '0 Dropped p b7'],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'rules 9 and 12: a dead letter routes after its message has finished routing, so a channel takes the message once however soon the consumer failed',
    records: [
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, deadLetterChannelId: CH.dlq }),
      subscription({ id: S.s3, channelId: CH.billing, consumerId: E.api }),
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing }),
      binding({ id: B.b6, sourceChannelId: CH.dlq, targetChannelId: CH.billing }),
      binding({ id: B.b7, sourceChannelId: CH.dlq, targetChannelId: CH.archive }),
    ],
    steps: [publishStep('p', E.client, CH.orders, MSG), writeStep('w', E.client, E.db)],
    faults: [fault(S.s1, 'Error')],
    trace: [
      '0 Published p orders',
      '0 DeliveryFailed p s1#1',
      '0 DeadLettered p s1#1',
      '0 Routed p b1',
      '0 Delivered p s3#1',
      '0 DataWritten w db',
      '0 NotRouted p b6',
      '0 Routed p b7',
    ],
    outcomes: { p: 'Succeeded', w: 'Succeeded' },
  },
  {
    name: 'rule 2: an operation with a timeout of 0 has no timeout: its calls answer',
    records: [operation({ id: OP.slow, ownerId: E.api, timeoutMs: 0 })],
    steps: [callStep('c', E.client, OP.slow, { then: [writeStep('w', E.api, E.db)] })],
    trace: ['0 RequestSent c slow#1', '0 DataWritten w db', '0 ResponseReceived c slow#1'],
    outcomes: { c: 'Succeeded', w: 'Succeeded' },
  },
  {
    name: 'faults: a call counts against its operation and its owner; the operation fault gives the kind',
    records: [operation({ id: OP.pay, ownerId: E.api, timeoutMs: 100, retry: { maxAttempts: 3, backoffMs: 10 } })],
    steps: [callStep('c', E.client, OP.pay)],
    faults: [fault(OP.pay, 'Timeout', 1), fault(E.api, 'Error', 2)],
    trace: [
      '0 RequestSent c pay#1',
      '100 RequestTimedOut c pay#1',
      '100 RetryScheduled c pay#2',
      '110 RequestSent c pay#2',
      '110 RequestFailed c pay#2',
      '110 RetryScheduled c pay#3',
      '120 RequestSent c pay#3',
      '120 ResponseReceived c pay#3',
    ],
    outcomes: { c: 'Succeeded' },
  },
  {
    name: 'faults: a delivery counts against its subscription and its consumer',
    records: [subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, retry: { maxAttempts: 3, backoffMs: 0 } })],
    steps: [publishStep('p', E.client, CH.orders, MSG)],
    faults: [fault(S.s1, 'Error', 1), fault(E.worker, 'Outage', 2)],
    trace: ['0 Published p orders', '0 DeliveryFailed p s1#1', '0 RetryScheduled p s1#2', '0 DeliveryFailed p s1#2', '0 RetryScheduled p s1#3', '0 Delivered p s1#3'],
    outcomes: { p: 'Succeeded' },
  },
  {
    name: 'faults: a fault on an element fails everything it serves (its operations, deliveries and writes to it)',
    records: [operation({ id: OP.ledger, ownerId: E.worker }), subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker })],
    steps: [parallelStep('all', [[callStep('a', E.client, OP.ledger)], [publishStep('p', E.client, CH.orders, MSG)], [writeStep('w', E.client, E.worker)]])],
    faults: [fault(E.worker, 'Outage')],
    trace: ['0 RequestSent a ledger#1', '0 RequestFailed a ledger#1', '0 Published p orders', '0 DeliveryFailed p s1#1', '0 Dropped p s1#1', '0 DataWriteFailed w worker'],
    outcomes: { all: 'Failed', a: 'Failed', p: 'Succeeded', w: 'Failed' },
  },
  {
    name: 'parallel: branches start at one instant and the step ends with the slowest',
    records: [
      operation({ id: OP.ledger, ownerId: E.worker, retry: { maxAttempts: 2, backoffMs: 300 } }),
      operation({ id: OP.pay, ownerId: E.api, retry: { maxAttempts: 2, backoffMs: 500 } }),
    ],
    steps: [parallelStep('par', [[callStep('a', E.client, OP.ledger)], [callStep('b', E.client, OP.pay)], []]), writeStep('w', E.client, E.db)],
    faults: [fault(OP.ledger, 'Error', 1), fault(OP.pay, 'Error', 1)],
    trace: [
      '0 RequestSent a ledger#1',
      '0 RequestFailed a ledger#1',
      '0 RetryScheduled a ledger#2',
      '0 RequestSent b pay#1',
      '0 RequestFailed b pay#1',
      '0 RetryScheduled b pay#2',
      '300 RequestSent a ledger#2',
      '300 ResponseReceived a ledger#2',
      '500 RequestSent b pay#2',
      '500 ResponseReceived b pay#2',
      '500 DataWritten w db',
    ],
    outcomes: { par: 'Succeeded', a: 'Succeeded', b: 'Succeeded', w: 'Succeeded' },
  },
  {
    name: 'branch: reads a final step; a step that never ran counts as Skipped',
    records: [operation({ id: OP.pay, ownerId: E.api })],
    steps: [
      callStep('x', E.client, OP.pay, { onError: [writeStep('e', E.client, E.audit, 'errors')] }),
      branchStep('br', 'x', 'Failed', [writeStep('t', E.client, E.db)], [writeStep('f', E.client, E.db)]),
      branchStep('br2', 'f', 'Skipped', [writeStep('t2', E.client, E.db)]),
    ],
    faults: [fault(OP.pay, 'Error')],
    assertions: [
      { type: 'outcome', id: 'x-failed', step: 'x', expected: 'Failed' },
      { type: 'outcome', id: 'f-skipped', step: 'f', expected: 'Skipped' },
      { type: 'outcome', id: 'wrong', step: 't', expected: 'Failed' },
    ],
    trace: ['0 RequestSent x pay#1', '0 RequestFailed x pay#1', '0 DataWritten e audit', '0 BranchTaken br -', '0 DataWritten t db', '0 BranchTaken br2 -', '0 DataWritten t2 db'],
    outcomes: { x: 'Failed', e: 'Succeeded', br: 'Succeeded', t: 'Succeeded', f: 'Skipped', br2: 'Succeeded', t2: 'Succeeded' },
    assertionsPassed: [true, true, false],
  },
  {
    name: 'branch: onError reads its own call (Failed by then); a handler reads its own publish (Succeeded before any delivery)',
    records: [operation({ id: OP.pay, ownerId: E.api }), subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker })],
    steps: [
      callStep('x', E.client, OP.pay, { onError: [branchStep('onx', 'x', 'Failed', [writeStep('t', E.client, E.audit, 'errors')])] }),
      publishStep('p', E.client, CH.orders, MSG, { handlers: { [S.s1]: [branchStep('onp', 'p', 'Succeeded', [writeStep('h', E.worker, E.db)])] } }),
    ],
    faults: [fault(OP.pay, 'Error')],
    trace: ['0 RequestSent x pay#1', '0 RequestFailed x pay#1', '0 BranchTaken onx -', '0 DataWritten t audit', '0 Published p orders', '0 BranchTaken onp -', '0 DataWritten h db', '0 Delivered p s1#1'],
    outcomes: { x: 'Failed', onx: 'Succeeded', t: 'Succeeded', p: 'Succeeded', onp: 'Succeeded', h: 'Succeeded' },
  },
  {
    name: 'assertions: outcomes are those of the attempt that settled; event-count matches target, from or to',
    records: [
      operation({ id: OP.gateway, ownerId: E.api, timeoutMs: 100, retry: { maxAttempts: 2, backoffMs: 0 } }),
      operation({ id: OP.slow, ownerId: E.worker, timeoutMs: 150 }),
    ],
    // Attempt 1: the inner call times out at 150, after the outer one gave up at 100. Attempt 2 (settling) succeeds.
    steps: [callStep('outer', E.client, OP.gateway, { then: [callStep('inner', E.api, OP.slow)] })],
    faults: [fault(OP.slow, 'Timeout', 1)],
    assertions: [
      { type: 'outcome', id: 'inner-settled', step: 'inner', expected: 'Succeeded' },
      // Twice to the API (outer, `to`) and twice from it (inner, `from`); IDs match in either case.
      { type: 'event-count', id: 'api-requests', kind: 'RequestSent', target: E.api, expected: 4 },
      { type: 'event-count', id: 'api-requests-upper', kind: 'RequestSent', target: E.api.toUpperCase(), expected: 4 },
      { type: 'event-count', id: 'slow-requests', kind: 'RequestSent', target: OP.slow, expected: 2 },
      { type: 'event-count', id: 'timeouts', kind: 'RequestTimedOut', target: null, expected: 2 },
      { type: 'event-count', id: 'no-drops', kind: 'Dropped', target: null, expected: 0 },
    ],
    trace: [
      '0 RequestSent outer gateway#1',
      '0 RequestSent inner slow#1',
      '100 RequestTimedOut outer gateway#1',
      '100 RetryScheduled outer gateway#2',
      '100 RequestSent outer gateway#2',
      '100 RequestSent inner slow#1',
      '100 ResponseReceived inner slow#1',
      '100 ResponseReceived outer gateway#2',
      '150 RequestTimedOut inner slow#1',
    ],
    outcomes: { outer: 'Succeeded', inner: 'Succeeded' },
    assertionsPassed: [true, true, true, true, true, true],
  },
];

describe('playback rules', () => {
  it.each(cases)('$name', (rule) => {
    const result = play(rule.records, rule.steps, rule.faults, rule.assertions);
    expect(result.issues).toEqual([]);
    expect(traceLines(result, names)).toEqual(rule.trace);
    expect(result.events.map((e) => e.sequence)).toEqual(rule.trace.map((_, i) => i + 1));
    expect(outcomesOf(result)).toEqual(rule.outcomes);
    if (rule.assertionsPassed) expect(result.assertions.map((a) => a.passed)).toEqual(rule.assertionsPassed);
  });

  it('rule 10: Routed and NotRouted name the source channel (from), the target channel (to) and the binding (target), with the reason', () => {
    const result = play(
      [
        binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing, routingKey: 'order.*' }),
        binding({ id: B.b2, sourceChannelId: CH.orders, targetChannelId: CH.shipping, routingKey: 'invoice.#' }),
      ],
      [publishStep('p', E.client, CH.orders, MSG, { routingKey: 'order.paid', payload: { id: 7 }, headers: { 'x-trace': 'abc' } })],
    );
    const common = { stepId: 'p', attempt: null, atMs: 0, payload: { id: 7 }, message: MSG, headers: { 'x-trace': 'abc' } };
    expect(result.events.slice(1)).toEqual([
      { ...common, sequence: 2, kind: 'Routed', from: CH.orders, to: CH.billing, target: B.b1, detail: 'routing key "order.paid" matches "order.*"' },
      { ...common, sequence: 3, kind: 'NotRouted', from: CH.orders, to: CH.shipping, target: B.b2, detail: 'routing key "order.paid" does not match "invoice.#"' },
    ]);
    // Payloads are referenced, not copied.
    const step = result.events[0]!;
    expect(result.events[1]!.payload).toBe(step.payload);
    expect(result.labels).toEqual({
      [CH.orders]: 'orders',
      [CH.billing]: 'billing',
      [CH.shipping]: 'shipping',
      [B.b1]: 'orders → billing [order.*]',
      [B.b2]: 'orders → shipping [invoice.#]',
      [E.client]: 'Client',
      [MSG]: 'OrderPlaced',
    });
  });

  it('rule 13: the same model and scenario give the same events and hash, whatever the stored order of records and keys', () => {
    const records: AnyModelRecord[] = [
      operation({ id: OP.pay, ownerId: E.api, timeoutMs: 200, retry: { maxAttempts: 3, backoffMs: 50 } }),
      subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker, retry: { maxAttempts: 2, backoffMs: 10 }, deadLetterChannelId: CH.dlq }),
      subscription({ id: S.s2, channelId: CH.orders, consumerId: E.mailer }),
      binding({ id: B.b1, sourceChannelId: CH.orders, targetChannelId: CH.billing, routingKey: 'order.#' }),
      binding({ id: B.b6, sourceChannelId: CH.dlq, targetChannelId: CH.archive }),
      subscription({ id: S.s5, channelId: CH.archive, consumerId: E.audit }),
    ];
    const steps = (payload: Record<string, unknown>): Step[] => [
      callStep('c', E.client, OP.pay, { request: payload as never, then: [publishStep('p', E.api, CH.orders, MSG, { routingKey: 'order.new', payload: payload as never, handlers: { [S.s2]: [writeStep('h', E.mailer, E.db)] } })] }),
    ];
    const faults = [fault(OP.pay, 'Timeout', 1), fault(S.s1, 'Error')];
    const first = play(records, steps({ a: 1, b: [true, null] }), faults);
    const again = play([...records].reverse(), steps({ b: [true, null], a: 1 }), faults);
    expect(first.events.length).toBeGreaterThan(10);
    expect(again.hash).toBe(first.hash);
    expect(traceLines(again, names)).toEqual(traceLines(first, names));

    // The hash is exactly the documented bytes (trace-hash.ts), rebuilt the slow way.
    expect(first.hash).toBe(referenceTraceHash(first.events, first.outcomes));

    // A different trace gives a different hash.
    expect(play(records, steps({ a: 2, b: [true, null] }), faults).hash).not.toBe(first.hash);
  });
});
