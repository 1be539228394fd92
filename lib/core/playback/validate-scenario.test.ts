/**
 * One hand-written scenario per validation code of part 1 "Scenario
 * validation codes" (and a few boundaries), each stating the exact issues. A
 * scenario with an issue plays nothing: no events, no outcomes.
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
  parallelStep,
  publishStep,
  scenarioOf,
  schema,
  subscription,
  writeStep,
} from '../../../test/support/playback-fixtures';
import type { IssueCode } from './playback-types';
import type { Assertion, Fault, ScenarioDocument, Step } from './scenario-document';
import { validateScenario } from './validate-scenario';

const E = { client: guid(0x01), api: guid(0x02), worker: guid(0x03), db: guid(0x04) };
const OP = { pay: guid(0x11), plain: guid(0x12), retried: guid(0x13) };
const CH = { orders: guid(0x21), billing: guid(0x22), shipping: guid(0x23) };
const S = { s1: guid(0x31), s3: guid(0x33), s4: guid(0x34) };
const SCH = { amount: guid(0x61), object: guid(0x62), broken: guid(0x63) };
const MSG = guid(0x51);
const unknownId = guid(0x999);

const baseRecords: AnyModelRecord[] = [
  element({ id: E.client, kind: 'actor', name: 'Client' }),
  element({ id: E.api, name: 'API' }),
  element({ id: E.worker, name: 'Worker' }),
  element({ id: E.db, name: 'Database' }),
  schema({ id: SCH.amount, name: 'Amount', content: '{"type":"object","required":["amount"],"properties":{"amount":{"type":"number"}}}' }),
  schema({ id: SCH.object, name: 'Object', content: '{"type":"object"}' }),
  operation({ id: OP.pay, ownerId: E.api, name: 'Pay', timeoutMs: 1000, retry: { maxAttempts: 2, backoffMs: 100 }, requestSchemaId: SCH.amount }),
  operation({ id: OP.plain, ownerId: E.api, name: 'Plain' }),
  operation({ id: OP.retried, ownerId: E.api, name: 'Retried', retry: { maxAttempts: 10, backoffMs: 0 } }),
  channel({ id: CH.orders, name: 'orders', kind: 'topic' }),
  channel({ id: CH.billing, name: 'billing', kind: 'queue' }),
  channel({ id: CH.shipping, name: 'shipping', kind: 'queue' }),
  subscription({ id: S.s1, channelId: CH.orders, consumerId: E.worker }),
  subscription({ id: S.s3, channelId: CH.billing, consumerId: E.api }),
  subscription({ id: S.s4, channelId: CH.shipping, consumerId: E.worker }),
  binding({ id: guid(0x41), sourceChannelId: CH.orders, targetChannelId: CH.billing, routingKey: 'order.*' }),
  message({ id: MSG, producerId: E.client, name: 'OrderPlaced', schemaId: SCH.object }),
];

interface CodeCase {
  code: IssueCode;
  why: string;
  steps?: Step[];
  faults?: Fault[];
  assertions?: Assertion[];
  records?: AnyModelRecord[];
  scenario?: ScenarioDocument;
  issues: Array<[IssueCode, string | null]>;
}

const pay = (id: string, request: unknown = { amount: 1 }) => callStep(id, E.client, OP.pay, { request: request as never });
const publishOrder = (id: string, fields: Parameters<typeof publishStep>[4] = {}) => publishStep(id, E.client, CH.orders, MSG, { payload: {}, ...fields });
const write = (id: string) => writeStep(id, E.client, E.db);

/** One top-level call whose `then` holds a call whose `then` … : `levels` step lists nested in each other. */
function nested(levels: number): Step[] {
  let list: Step[] = [];
  for (let level = levels; level >= 1; level--) list = [callStep(`c${level}`, E.client, OP.plain, { then: list })];
  return list;
}

function run(testCase: { steps?: Step[]; faults?: Fault[]; assertions?: Assertion[]; records?: AnyModelRecord[]; scenario?: ScenarioDocument }, monotonicNowMs?: () => number) {
  const scenario = testCase.scenario ?? scenarioOf(testCase.steps ?? [], testCase.faults ?? [], testCase.assertions ?? []);
  return playScenario({ model: modelOf([...baseRecords, ...(testCase.records ?? [])]), modelVersion: 1, scenario, monotonicNowMs });
}

const cases: CodeCase[] = [
  { code: 'unknown-element', why: 'call from an element not in the model', steps: [callStep('c', unknownId, OP.plain)], issues: [['unknown-element', 'c']] },
  { code: 'unknown-operation', why: 'call of an operation not in the model', steps: [callStep('c', E.client, unknownId)], issues: [['unknown-operation', 'c']] },
  { code: 'unknown-channel', why: 'publish on a channel not in the model', steps: [publishStep('p', E.client, unknownId, MSG, { payload: {} })], issues: [['unknown-channel', 'p']] },
  { code: 'unknown-message', why: 'publish of a message not in the model', steps: [publishStep('p', E.client, CH.orders, unknownId)], issues: [['unknown-message', 'p']] },
  { code: 'unknown-subscription', why: 'a handler for a subscription not in the model', steps: [publishOrder('p', { handlers: { [unknownId]: [] } })], issues: [['unknown-subscription', 'p']] },
  {
    code: 'unknown-schema',
    why: 'the operation names a response schema not in the model',
    records: [operation({ id: guid(0x14), ownerId: E.api, responseSchemaId: unknownId })],
    steps: [callStep('c', E.client, guid(0x14))],
    issues: [['unknown-schema', 'c']],
  },
  {
    code: 'subscription-not-on-channel',
    why: 'the binding to billing needs order.*, so invoice.created never reaches subscription s3',
    steps: [publishOrder('p', { routingKey: 'invoice.created', handlers: { [S.s3]: [] } })],
    issues: [['subscription-not-on-channel', 'p']],
  },
  { code: 'invalid-routing-key', why: 'an empty routing key', steps: [publishOrder('p', { routingKey: '' })], issues: [['invalid-routing-key', 'p']] },
  {
    code: 'unknown-step',
    why: 'a branch reads a step of a consumer handler',
    steps: [publishOrder('p', { handlers: { [S.s1]: [write('h')] } }), branchStep('br', 'h', 'Succeeded', [])],
    issues: [['unknown-step', 'br']],
  },
  {
    code: 'unknown-step',
    why: 'a branch reads a step of another parallel branch',
    steps: [parallelStep('par', [[write('a')], [branchStep('br', 'a', 'Succeeded', [])]])],
    issues: [['unknown-step', 'br']],
  },
  {
    code: 'unknown-step',
    why: 'a branch reads a step of the `then` of a call that has a timeout (a timed-out callee goes on)',
    steps: [pay('c'), callStep('c2', E.client, OP.pay, { request: { amount: 1 }, then: [write('inner')] }), branchStep('br', 'inner', 'Succeeded', [])],
    issues: [['unknown-step', 'br']],
  },
  {
    code: 'unknown-step',
    why: 'a branch reads a later step',
    steps: [branchStep('br', 'w', 'Succeeded', []), write('w')],
    issues: [['unknown-step', 'br']],
  },
  {
    code: 'unknown-step',
    why: 'an outcome assertion names a step not in the scenario',
    steps: [write('w')],
    assertions: [{ type: 'outcome', id: 'a1', step: 'nope', expected: 'Succeeded' }],
    issues: [['unknown-step', null]],
  },
  { code: 'invalid-outcome', why: '`is` of a branch is not an outcome', steps: [write('w'), branchStep('br', 'w', 'Done', [])], issues: [['invalid-outcome', 'br']] },
  { code: 'schema-mismatch', why: 'the request does not match the operation request schema', steps: [pay('c', { amount: 'ten' })], issues: [['schema-mismatch', 'c']] },
  { code: 'schema-mismatch', why: 'the payload does not match the message schema', steps: [publishOrder('p', { payload: [1] })], issues: [['schema-mismatch', 'p']] },
  { code: 'missing-payload', why: 'the operation has a request schema and the request is null', steps: [pay('c', null)], issues: [['missing-payload', 'c']] },
  {
    code: 'invalid-schema',
    why: 'the message schema does not compile',
    records: [schema({ id: SCH.broken, content: '{"type": 12}' }), message({ id: guid(0x52), producerId: E.client, schemaId: SCH.broken })],
    steps: [publishStep('p1', E.client, CH.orders, guid(0x52), { payload: {} }), publishStep('p2', E.client, CH.orders, guid(0x52), { payload: {} })],
    issues: [
      ['invalid-schema', 'p1'],
      ['invalid-schema', 'p2'],
    ],
  },
  {
    code: 'invalid-schema',
    why: 'the schema text is not JSON',
    records: [schema({ id: SCH.broken, content: 'type: object' }), operation({ id: guid(0x14), ownerId: E.api, requestSchemaId: SCH.broken })],
    steps: [callStep('c', E.client, guid(0x14), { request: {} })],
    issues: [['invalid-schema', 'c']],
  },
  { code: 'duplicate-step-id', why: 'two steps with one ID', steps: [write('w'), parallelStep('par', [[write('w')]])], issues: [['duplicate-step-id', 'w']] },
  { code: 'missing-step-id', why: 'a step without ID', steps: [{ ...write('w'), id: null }], issues: [['missing-step-id', null]] },
  { code: 'missing-dataset', why: 'a write without dataset', steps: [{ ...write('w'), dataset: null }], issues: [['missing-dataset', 'w']] },
  { code: 'malformed-scenario', why: 'a call without its onError list', steps: [{ ...callStep('c', E.client, OP.plain), onError: null }], issues: [['malformed-scenario', 'c']] },
  { code: 'malformed-scenario', why: 'a list holds an empty entry', steps: [write('w'), null as unknown as Step], issues: [['malformed-scenario', null]] },
  { code: 'malformed-scenario', why: 'the faults list is missing', scenario: { ...scenarioOf([]), faults: null }, issues: [['malformed-scenario', null]] },
  { code: 'malformed-scenario', why: 'a publish without headers', steps: [{ ...publishOrder('p'), headers: null }], issues: [['malformed-scenario', 'p']] },
  { code: 'unknown-fault-target', why: 'a message is not a fault target', faults: [fault(MSG, 'Error')], issues: [['unknown-fault-target', null]] },
  { code: 'duplicate-fault', why: 'one target with two faults', faults: [fault(CH.orders, 'Error'), fault(CH.orders.toUpperCase(), 'Outage')], issues: [['duplicate-fault', null]] },
  { code: 'invalid-fault', why: 'Timeout on an operation without timeout', faults: [fault(OP.plain, 'Timeout')], issues: [['invalid-fault', null]] },
  {
    code: 'invalid-fault',
    why: 'Timeout on an operation whose timeout is 0 (no timeout)',
    records: [operation({ id: guid(0x15), ownerId: E.api, name: 'Zero', timeoutMs: 0 })],
    faults: [fault(guid(0x15), 'Timeout')],
    issues: [['invalid-fault', null]],
  },
  { code: 'invalid-fault', why: 'Timeout on a channel', faults: [fault(CH.orders, 'Timeout')], issues: [['invalid-fault', null]] },
  { code: 'invalid-fault', why: 'failFirst below 1', faults: [fault(OP.pay, 'Error', 0)], issues: [['invalid-fault', null]] },
  { code: 'invalid-fault', why: 'an unknown kind', faults: [fault(OP.pay, 'Crash')], issues: [['invalid-fault', null]] },
  {
    code: 'invalid-assertion',
    why: 'a negative count',
    assertions: [{ type: 'event-count', id: 'a1', kind: 'Published', target: null, expected: -1 }],
    issues: [['invalid-assertion', null]],
  },
  {
    code: 'invalid-assertion',
    why: 'an unknown event kind and a reused assertion ID',
    assertions: [
      { type: 'event-count', id: 'a1', kind: 'Sent', target: null, expected: 1 },
      { type: 'outcome', id: 'a1', step: 'w', expected: 'Succeeded' },
    ],
    steps: [write('w')],
    issues: [
      ['invalid-assertion', null],
      ['invalid-assertion', null],
    ],
  },
  {
    code: 'invalid-assertion',
    why: 'an unknown outcome',
    steps: [write('w')],
    assertions: [{ type: 'outcome', id: 'a1', step: 'w', expected: 'Passed' }],
    issues: [['invalid-assertion', null]],
  },
  {
    code: 'unknown-assertion-target',
    why: 'an event-count target of a wrong kind (a message)',
    assertions: [{ type: 'event-count', id: 'a1', kind: 'Published', target: MSG, expected: 1 }],
    issues: [['unknown-assertion-target', null]],
  },
  { code: 'invalid-payload', why: 'invalid Unicode in a payload', steps: [{ ...write('w'), change: { note: 'half \ud800' } }], issues: [['invalid-payload', 'w']] },
  { code: 'invalid-payload', why: 'a number outside the 64-bit float range', steps: [{ ...write('w'), change: { n: Number.POSITIVE_INFINITY } }], issues: [['invalid-payload', 'w']] },
  {
    code: 'invalid-payload',
    why: 'nesting over 64 levels',
    steps: [{ ...write('w'), change: JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`) as never }],
    issues: [['invalid-payload', 'w']],
  },
  { code: 'payload-too-large', why: 'a payload over 64 KB', steps: [{ ...write('w'), change: 'x'.repeat(65_535) }], issues: [['payload-too-large', 'w']] },
  { code: 'too-deep', why: 'step lists nested 25 levels', steps: nested(25), issues: [['too-deep', null]] },
  { code: 'too-many-steps', why: '501 steps', steps: Array.from({ length: 501 }, (_, i) => write(`w${i}`)), issues: [['too-many-steps', null]] },
  {
    code: 'too-many-steps',
    why: '499 steps and 2 step lists: 501',
    steps: [callStep('c', E.client, OP.plain, { then: Array.from({ length: 497 }, (_, i) => write(`w${i}`)), onError: [write('e')] })],
    issues: [['too-many-steps', null]],
  },
  {
    code: 'invalid-model',
    why: 'the operation allows 11 attempts',
    records: [operation({ id: guid(0x14), ownerId: E.api, retry: { maxAttempts: 11, backoffMs: 0 } })],
    steps: [callStep('c', E.client, guid(0x14))],
    issues: [['invalid-model', 'c']],
  },
  {
    code: 'invalid-model',
    why: 'a timeout over 3600000 ms and an owner not in the model',
    records: [operation({ id: guid(0x14), ownerId: unknownId, timeoutMs: 3_600_001 })],
    steps: [callStep('c', E.client, guid(0x14))],
    issues: [
      ['invalid-model', 'c'],
      ['invalid-model', 'c'],
    ],
  },
  {
    code: 'invalid-model',
    why: 'a subscription the message reaches names a dead-letter channel not in the model',
    records: [channel({ id: guid(0x29), name: 'extra' }), subscription({ id: guid(0x3a), channelId: guid(0x29), consumerId: E.worker, deadLetterChannelId: unknownId })],
    steps: [publishStep('p', E.client, guid(0x29), MSG, { payload: {} })],
    issues: [['invalid-model', 'p']],
  },
];

describe('scenario validation codes', () => {
  it.each(cases)('$code: $why', (testCase) => {
    const result = run(testCase);
    expect(result.issues.map((issue) => [issue.code, issue.stepId])).toEqual(testCase.issues);
    for (const issue of result.issues) expect(issue.message).not.toBe('');
    expect(result.events).toEqual([]);
    expect(result.outcomes).toEqual([]);
    expect(result.assertions).toEqual([]);
  });

  it('boundaries: 24 levels, 500 steps and lists, a 64 KB payload and 64 nesting levels are accepted', () => {
    expect(run({ steps: nested(24) }).issues).toEqual([]);
    expect(run({ steps: Array.from({ length: 500 }, (_, i) => write(`w${i}`)) }).issues).toEqual([]);
    // 498 steps and 2 step lists.
    expect(run({ steps: [callStep('c', E.client, OP.plain, { then: Array.from({ length: 496 }, (_, i) => write(`w${i}`)), onError: [write('e')] })] }).issues).toEqual([]);
    expect(run({ steps: [{ ...write('w'), change: 'x'.repeat(65_534) }] }).issues).toEqual([]);
    expect(run({ steps: [{ ...write('w'), change: JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`) as never }] }).issues).toEqual([]);
  });

  it('reachable handlers, then-steps of a call without timeout and onError steps are fine', () => {
    const result = run({
      steps: [
        publishOrder('p', { routingKey: 'order.created', handlers: { [S.s1]: [write('h1')], [S.s3]: [write('h3')] } }),
        callStep('c', E.client, OP.plain, { then: [write('inner')], onError: [branchStep('b0', 'inner', 'Failed', [])] }),
        branchStep('b1', 'inner', 'Succeeded', []),
        branchStep('b2', 'c', 'Succeeded', []),
        branchStep('b3', 'p', 'Succeeded', []),
      ],
    });
    expect(result.issues).toEqual([]);
    expect(result.events.map((e) => e.kind)).toContain('BranchTaken');
  });

  it('trace-too-large: more than 10000 events', () => {
    // 10 attempts at each of four levels, each failing at the bottom: about 44,000 events.
    let steps: Step[] = [write('bottom')];
    for (let level = 4; level >= 1; level--) steps = [callStep(`l${level}`, E.client, OP.retried, { then: steps })];
    const result = run({ steps, faults: [fault(E.db, 'Error')] });
    expect(result.issues.map((issue) => [issue.code, issue.message])).toEqual([['trace-too-large', 'the playback passed the limit of 10000 events']]);
    expect(result.events).toEqual([]);
  });

  it('trace-too-large: more than 200000 scheduled work items', () => {
    // 1000 innermost attempts each start 241 steps, with under 5000 events in all.
    const busy: Step[] = Array.from({ length: 240 }, (_, i) => parallelStep(`par${i}`, []));
    let steps: Step[] = [...busy, write('bottom')];
    for (let level = 3; level >= 1; level--) steps = [callStep(`l${level}`, E.client, OP.retried, { then: steps })];
    const result = run({ steps, faults: [fault(E.db, 'Error')] });
    expect(result.issues.map((issue) => [issue.code, issue.message])).toEqual([['trace-too-large', 'the playback passed the limit of 200000 scheduled work items']]);
  });

  it('trace-too-large: a message matching more than 200 bindings', () => {
    const fanOut: AnyModelRecord[] = [];
    for (let i = 0; i < 201; i++) {
      fanOut.push(channel({ id: guid(0x1000 + i), kind: 'queue' }));
      fanOut.push(binding({ id: guid(0x2000 + i), sourceChannelId: CH.shipping, targetChannelId: guid(0x1000 + i) }));
    }
    const result = run({ records: fanOut, steps: [publishStep('p', E.client, CH.shipping, MSG, { payload: {} })] });
    expect(result.issues).toEqual([{ stepId: 'p', code: 'trace-too-large', message: 'a message of step "p" matched over 200 bindings' }]);
    // 200 are fine.
    expect(run({ records: fanOut.slice(0, 400), steps: [publishStep('p', E.client, CH.shipping, MSG, { payload: {} })] }).issues).toEqual([]);
  });

  it('trace-too-large: events whose payloads make over 128 MiB of JSON (each event carries its payload)', () => {
    const fanOut = (count: number): AnyModelRecord[] =>
      Array.from({ length: count }, (_, i) => subscription({ id: guid(0x10000 + i), channelId: CH.shipping, consumerId: E.worker }));
    const big = { d: 'x'.repeat(65_000) };
    // With the model's own subscription on the channel: 2102 events of about 65 KB, 137 MB.
    const over = run({ records: fanOut(2100), steps: [publishStep('p', E.client, CH.shipping, MSG, { payload: big })] });
    expect(over.issues).toEqual([{ stepId: null, code: 'trace-too-large', message: 'the trace would be over 128 MiB of JSON: every event carries its payload' }]);
    expect(over.events).toEqual([]);
    // 1902 of them: 124 MB, within the limit.
    const within = run({ records: fanOut(1900), steps: [publishStep('p', E.client, CH.shipping, MSG, { payload: big })] });
    expect(within.issues).toEqual([]);
    expect(within.events).toHaveLength(1902);
  });

  it('failFirst and expected may be any whole number, however large (the spec sets only a minimum)', () => {
    const result = run({
      steps: [callStep('c', E.client, OP.retried)],
      faults: [fault(OP.retried, 'Error', 2 ** 53)],
      assertions: [{ type: 'event-count', id: 'a', kind: 'RequestFailed', target: null, expected: 1e300 }],
    });
    expect(result.issues).toEqual([]);
    // Every one of the 10 attempts fails, as with null.
    expect(result.events.filter((event) => event.kind === 'RequestFailed')).toHaveLength(10);
    expect(result.assertions).toEqual([{ id: 'a', passed: false, detail: '10 RequestFailed events, expected 1e+300' }]);
  });

  it('validation-too-slow: schema checks over the 2-second budget stop and say so', () => {
    let clock = 0;
    const tick = () => (clock += 1500);
    const result = run({ steps: [pay('c1', { amount: 'wrong' }), pay('c2', { amount: 'wrong' }), pay('c3')] }, tick);
    // The first check ran (1500 ms after the start); the second would start past the budget.
    expect(result.issues.map((issue) => [issue.code, issue.stepId])).toEqual([
      ['schema-mismatch', 'c1'],
      ['validation-too-slow', null],
    ]);
  });

  it('validation-too-slow: a pattern that backtracks for hours is stopped at the budget', () => {
    const records = [
      schema({ id: guid(0x64), name: 'Evil', content: '{"type":"string","pattern":"^(a+)+$"}' }),
      operation({ id: guid(0x15), ownerId: E.api, name: 'Evil', requestSchemaId: guid(0x64) }),
    ];
    const started = performance.now();
    const result = playScenario({
      model: modelOf([...baseRecords, ...records]),
      modelVersion: 1,
      scenario: scenarioOf([callStep('c', E.client, guid(0x15), { request: `${'a'.repeat(40)}!` as never })]),
      monotonicNowMs: () => performance.now(),
      schemaCheckBudgetMs: 300,
    });
    expect(result.issues.map((issue) => [issue.code, issue.stepId])).toEqual([['validation-too-slow', null]]);
    expect(result.events).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('the schema-check budget reads only the clock passed in', () => {
    const steps = Array.from({ length: 50 }, (_, i) => pay(`c${i}`));
    let calls = 0;
    expect(run({ steps }, () => ++calls).issues).toEqual([]);
    // One clock read at the start, one before each check and one at the end: the budget is read, not the wall clock.
    expect(calls).toBe(52);
  });

  it('never throws on documents that are not scenarios at all', () => {
    const model = modelOf(baseRecords);
    const odd: unknown[] = [null, 7, 'x', [], {}, { steps: {}, faults: 3, assertions: 'a' }, { steps: [7, 'x', [], { type: 'call', then: 5 }], faults: [1], assertions: [null, { type: 'x' }] }];
    for (const scenario of odd) {
      const issues = validateScenario({ model, scenario: scenario as ScenarioDocument });
      expect(issues.length).toBeGreaterThan(0);
    }
  });
});
