/**
 * Properties of playback over random models and scenarios (fast-check):
 * valid scenarios always end within the limits, replay to the same hash and
 * never throw; invalid ones always give issues and no events, never an
 * exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyModelRecord, RetryPolicy } from '../model/model-records';
import { playScenario } from './play-scenario';
import { playbackLimits } from './playback-limits';
import { binding, channel, element, guid, message, modelOf, operation, subscription } from '../../../test/support/playback-fixtures';
import type { RunResult } from './playback-types';
import { eventKinds } from './playback-types';
import { stepOutcomes, type Assertion, type Fault, type ScenarioDocument, type Step } from './scenario-document';

/** A step as generated: model records picked by number (taken modulo what exists). */
type Spec =
  | { t: 'write'; by: number; store: number }
  | { t: 'call'; from: number; op: number; then: Spec[]; onError: Spec[] }
  | { t: 'publish'; from: number; ch: number; key: string | null; handlers: Array<{ sub: number; steps: Spec[] }> }
  | { t: 'parallel'; branches: Spec[][] }
  | { t: 'branch'; pick: number; is: string; then: Spec[]; else: Spec[] };

const nat = fc.nat({ max: 1000 });
const word = fc.constantFrom('a', 'b', 'c');
const routingKey = fc.option(fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join('.')), { nil: null });
const pattern = fc.option(fc.array(fc.constantFrom('a', 'b', '*', '#'), { minLength: 1, maxLength: 3 }).map((w) => w.join('.')), { nil: null });

const specs = fc.letrec<{ step: Spec; list: Spec[] }>((tie) => ({
  step: fc.oneof(
    { maxDepth: 4, depthSize: 'small' },
    fc.record({ t: fc.constant('write' as const), by: nat, store: nat }),
    fc.record({ t: fc.constant('call' as const), from: nat, op: nat, then: tie('list'), onError: tie('list') }),
    fc.record({
      t: fc.constant('publish' as const),
      from: nat,
      ch: nat,
      key: routingKey,
      handlers: fc.array(fc.record({ sub: nat, steps: tie('list') }), { maxLength: 2 }),
    }),
    fc.record({ t: fc.constant('parallel' as const), branches: fc.array(tie('list'), { maxLength: 3 }) }),
    fc.record({ t: fc.constant('branch' as const), pick: nat, is: fc.constantFrom(...stepOutcomes), then: tie('list'), else: tie('list') }),
  ),
  list: fc.array(tie('step'), { maxLength: 4 }),
}));

const retry = fc.option(fc.record({ maxAttempts: fc.integer({ min: 1, max: 4 }), backoffMs: fc.constantFrom(0, 50, 100, 250) }), { nil: null });

const modelShape = fc.record({
  elements: fc.integer({ min: 1, max: 6 }),
  operations: fc.array(fc.record({ owner: nat, timeoutMs: fc.option(fc.constantFrom(0, 50, 100, 300), { nil: null }), retry }), { minLength: 1, maxLength: 5 }),
  channels: fc.array(fc.constantFrom('topic' as const, 'queue' as const, 'exchange' as const), { minLength: 1, maxLength: 5 }),
  subscriptions: fc.array(fc.record({ ch: nat, consumer: nat, retry, deadLetter: fc.option(nat, { nil: null }) }), { maxLength: 8 }),
  bindings: fc.array(fc.record({ from: nat, to: nat, key: pattern }), { maxLength: 8 }),
});

type ModelShape = typeof modelShape extends fc.Arbitrary<infer T> ? T : never;

interface Built {
  records: AnyModelRecord[];
  elements: string[];
  operations: Array<{ id: string; timeoutMs: number | null }>;
  channels: string[];
  subscriptions: Array<{ id: string; channelId: string }>;
  bindings: string[];
}

function buildModel(shape: ModelShape): Built {
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  const elements = Array.from({ length: shape.elements }, (_, i) => guid(0x100 + i));
  const channels = shape.channels.map((_, i) => guid(0x300 + i));
  const records: AnyModelRecord[] = elements.map((id, i) => element({ id, name: `E${i}` }));
  records.push(...shape.channels.map((kind, i) => channel({ id: channels[i]!, kind, name: `C${i}` })));
  const operations = shape.operations.map((o, i) => ({ id: guid(0x200 + i), timeoutMs: o.timeoutMs }));
  records.push(...shape.operations.map((o, i) => operation({ id: operations[i]!.id, ownerId: pick(elements, o.owner), timeoutMs: o.timeoutMs, retry: o.retry as RetryPolicy | null })));
  const subscriptions = shape.subscriptions.map((s, i) => ({ id: guid(0x400 + i), channelId: pick(channels, s.ch) }));
  records.push(
    ...shape.subscriptions.map((s, i) => {
      const deadLetter = s.deadLetter === null ? null : pick(channels, s.deadLetter);
      return subscription({
        id: subscriptions[i]!.id,
        channelId: subscriptions[i]!.channelId,
        consumerId: pick(elements, s.consumer),
        retry: s.retry as RetryPolicy | null,
        deadLetterChannelId: deadLetter === subscriptions[i]!.channelId ? null : deadLetter,
      });
    }),
  );
  const bindings: string[] = [];
  shape.bindings.forEach((b, i) => {
    const source = pick(channels, b.from);
    const target = pick(channels, b.to);
    if (source === target) return;
    bindings.push(guid(0x500 + i));
    records.push(binding({ id: guid(0x500 + i), sourceChannelId: source, targetChannelId: target, routingKey: b.key }));
  });
  records.push(message({ id: guid(0x600), producerId: elements[0]! }));
  return { records, elements, operations, channels, subscriptions, bindings };
}

/** Builds valid steps: IDs in document order; a branch reads an earlier sibling (or becomes a write). */
function buildSteps(model: Built, list: Spec[], counter: { n: number }): Step[] {
  const pick = <T>(items: readonly T[], n: number) => items[n % items.length]!;
  const steps: Step[] = [];
  for (const spec of list) {
    const id = `s${counter.n++}`;
    switch (spec.t) {
      case 'write':
        steps.push({ type: 'write', id, by: pick(model.elements, spec.by), store: pick(model.elements, spec.store), dataset: 'd', change: { n: counter.n } });
        break;
      case 'call':
        steps.push({
          type: 'call',
          id,
          from: pick(model.elements, spec.from),
          operation: pick(model.operations, spec.op).id,
          request: null,
          response: null,
          then: buildSteps(model, spec.then, counter),
          onError: buildSteps(model, spec.onError, counter),
        });
        break;
      case 'publish': {
        const channelId = pick(model.channels, spec.ch);
        const onChannel = model.subscriptions.filter((s) => s.channelId === channelId);
        const handlers: Record<string, Step[]> = {};
        for (const handler of spec.handlers) {
          if (onChannel.length === 0) break;
          const sub = pick(onChannel, handler.sub).id;
          if (!(sub in handlers)) handlers[sub] = buildSteps(model, handler.steps, counter);
        }
        steps.push({ type: 'publish', id, from: pick(model.elements, spec.from), channel: channelId, message: guid(0x600), payload: { id }, headers: { k: 'v' }, handlers, routingKey: spec.key });
        break;
      }
      case 'parallel':
        steps.push({ type: 'parallel', id, branches: spec.branches.map((branch) => buildSteps(model, branch, counter)) });
        break;
      case 'branch': {
        const earlier = steps;
        if (earlier.length === 0) {
          steps.push({ type: 'write', id, by: model.elements[0]!, store: model.elements[0]!, dataset: 'd', change: null });
          break;
        }
        steps.push({ type: 'branch', id, whenStep: pick(earlier, spec.pick).id!, is: spec.is, then: buildSteps(model, spec.then, counter), else: buildSteps(model, spec.else, counter) });
        break;
      }
    }
  }
  return steps;
}

const faultSpecs = fc.array(fc.record({ target: nat, kind: fc.constantFrom('Error', 'Outage', 'Timeout'), failFirst: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }) }), { maxLength: 4 });

function buildFaults(model: Built, specsOfFaults: Array<{ target: number; kind: string; failFirst: number | null }>): Fault[] {
  const targets = [...model.operations.map((o) => o.id), ...model.channels, ...model.subscriptions.map((s) => s.id), ...model.elements];
  const used = new Set<string>();
  const faults: Fault[] = [];
  for (const spec of specsOfFaults) {
    const target = targets[spec.target % targets.length]!;
    if (used.has(target)) continue;
    used.add(target);
    const operation = model.operations.find((o) => o.id === target);
    const kind = spec.kind === 'Timeout' && !(operation && operation.timeoutMs !== null && operation.timeoutMs > 0) ? 'Error' : spec.kind;
    faults.push({ target, kind, failFirst: spec.failFirst });
  }
  return faults;
}

function allStepIds(steps: ReadonlyArray<Step | null>, out: string[] = []): string[] {
  for (const step of steps) {
    if (!step) continue;
    out.push(step.id!);
    if (step.type === 'call') allStepIds([...step.then!, ...step.onError!], out);
    // Handlers in subscription-ID order, as `outcomes` lists them.
    if (step.type === 'publish') for (const key of Object.keys(step.handlers!).sort()) allStepIds(step.handlers![key]!, out);
    if (step.type === 'parallel') for (const list of step.branches!) allStepIds(list!, out);
    if (step.type === 'branch') allStepIds([...step.then!, ...step.else!], out);
  }
  return out;
}

const validScenarios = fc
  .record({ shape: modelShape, steps: specs.list, faults: faultSpecs, assertionPicks: fc.array(fc.tuple(nat, fc.constantFrom(...eventKinds), nat), { maxLength: 3 }) })
  .map(({ shape, steps, faults, assertionPicks }) => {
    const model = buildModel(shape);
    const built = buildSteps(model, steps, { n: 0 });
    const ids = allStepIds(built);
    const targets = [...model.elements, ...model.channels, ...model.bindings];
    const assertions: Assertion[] = assertionPicks.map(([n, kind, expected], i) =>
      i % 2 === 0 && ids.length > 0
        ? { type: 'outcome', id: `a${i}`, step: ids[n % ids.length]!, expected: stepOutcomes[n % 3]! }
        : { type: 'event-count', id: `a${i}`, kind, target: n % 2 === 0 ? null : targets[n % targets.length]!, expected: expected % 5 },
    );
    const scenario: ScenarioDocument = { id: guid(0xfff), name: 'random', steps: built, faults: buildFaults(model, faults), assertions };
    return { records: model.records, scenario };
  });

function checkWellFormed(result: RunResult, scenario: ScenarioDocument): void {
  const stepIds = new Set(allStepIds(scenario.steps ?? []));
  if (result.issues.length > 0) {
    expect(result.issues.map((issue) => issue.code)).toEqual(['trace-too-large']);
    expect(result.events).toEqual([]);
    return;
  }
  expect(result.events.length).toBeLessThanOrEqual(playbackLimits.events);
  result.events.forEach((event, i) => {
    expect(event.sequence).toBe(i + 1);
    if (i > 0) expect(event.atMs).toBeGreaterThanOrEqual(result.events[i - 1]!.atMs);
    expect(stepIds.has(event.stepId!)).toBe(true);
  });
  expect(result.outcomes.map((o) => o.stepId)).toEqual([...stepIds]);
  expect(result.assertions).toHaveLength(scenario.assertions!.length);
  expect(result.hash).toMatch(/^[0-9a-f]{64}$/);
}

describe('playback properties', () => {
  it('a valid scenario over a random model plays within the limits, never throws, and replays to the same hash', () => {
    fc.assert(
      fc.property(validScenarios, ({ records, scenario }) => {
        const first = playScenario({ model: modelOf(records), modelVersion: 1, scenario });
        checkWellFormed(first, scenario);
        expect(first.issues.filter((issue) => issue.code !== 'trace-too-large')).toEqual([]);
        // A fresh snapshot with the records in another order, and a deep copy of the scenario.
        const again = playScenario({ model: modelOf([...records].reverse()), modelVersion: 1, scenario: structuredClone(scenario) });
        expect(again.hash).toBe(first.hash);
        expect(again.events).toEqual(first.events);
        expect(again.outcomes).toEqual(first.outcomes);
      }),
      { numRuns: 300 },
    );
  });

  it('an invalid scenario always gives issues and no events, never an exception', () => {
    const mutations = fc.constantFrom('no-step-id', 'unknown-fault', 'negative-count', 'unknown-operation', 'unknown-when', 'duplicate', 'null-entry', 'junk-step', 'junk-list');
    fc.assert(
      fc.property(validScenarios, mutations, fc.jsonValue(), ({ records, scenario }, mutation, junk) => {
        const steps = [...(scenario.steps ?? [])] as unknown[];
        const broken = { ...scenario, steps, faults: [...(scenario.faults ?? [])], assertions: [...(scenario.assertions ?? [])] } as Record<string, unknown> & ScenarioDocument;
        const anyElement = records.find((r) => 'status' in r)!.id;
        switch (mutation) {
          case 'no-step-id':
            steps.push({ type: 'write', id: null, by: anyElement, store: anyElement, dataset: 'd', change: null });
            break;
          case 'unknown-fault':
            broken.faults!.push({ target: guid(0xdead), kind: 'Error', failFirst: null });
            break;
          case 'negative-count':
            broken.assertions!.push({ type: 'event-count', id: 'neg', kind: 'Published', target: null, expected: -1 });
            break;
          case 'unknown-operation':
            steps.push({ type: 'call', id: 'x-call', from: anyElement, operation: guid(0xbeef), request: null, response: null, then: [], onError: [] });
            break;
          case 'unknown-when':
            steps.push({ type: 'branch', id: 'x-branch', whenStep: 'nope', is: 'Failed', then: [], else: [] });
            break;
          case 'duplicate':
            steps.push({ type: 'write', id: 'twice', by: anyElement, store: anyElement, dataset: 'd', change: null }, { type: 'write', id: 'twice', by: anyElement, store: anyElement, dataset: 'd', change: null });
            break;
          case 'null-entry':
            steps.push(null);
            break;
          case 'junk-step':
            steps.push(junk === null || typeof junk !== 'object' || Array.isArray(junk) ? junk : { ...junk, type: 'call', id: 'junk' });
            break;
          case 'junk-list':
            broken.assertions = junk as never;
            if (Array.isArray(junk)) broken.assertions = [...(junk as never[]), null] as never;
            break;
        }
        const result = playScenario({ model: modelOf(records), modelVersion: 1, scenario: broken });
        expect(result.issues.length).toBeGreaterThan(0);
        expect(result.events).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary JSON as a scenario', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (junk) => {
        const result = playScenario({ model: modelOf([]), modelVersion: 1, scenario: junk as unknown as ScenarioDocument });
        expect(result.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
