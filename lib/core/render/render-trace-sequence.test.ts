import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelSnapshot } from '../model/model-records';
import { playScenario } from '../playback/play-scenario';
import type { PlaybackEvent, RunResult } from '../playback/playback-types';
import type { ScenarioDocument } from '../playback/scenario-document';
import { renderTraceSequence, sequenceParticipants } from './render-trace-sequence';
import { expectGolden, loadMermaid, readSequence, type SequenceReading } from '../../../test/support/render-checks';
import { nastyName, nastyText } from '../../../test/support/render-arbitraries';
import { sequenceScenarios, sequenceShopModel, shop } from '../../../test/support/trace-sequence-fixtures';

/** What mermaid should read a model text as, written independently of the renderer: one line, unsafe characters as U+FFFD, trimmed; never empty. */
function plain(text: string): string {
  const line = text
    .replace(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g, ' ')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/gu, '\ufffd')
    .replace(/\t/g, ' ')
    .trim();
  return line === '' ? '\u200b' : line;
}

function play(model: ModelSnapshot, scenario: ScenarioDocument): RunResult {
  const run = playScenario({ model, modelVersion: 3, scenario });
  expect(run.issues).toEqual([]);
  return run;
}

function render(model: ModelSnapshot, scenario: ScenarioDocument, run: RunResult = play(model, scenario)): string {
  return renderTraceSequence({ scenario, run, participants: sequenceParticipants(model, scenario, run) });
}

/**
 * The statements part docs/sequence-diagrams.md promises for each event kind:
 * a message of a line type between two participants (by record ID), or a
 * note over one or two, or nothing (BranchTaken labels its block).
 */
function promised(event: PlaybackEvent): { type: string; from: string | null; to: string | null } | null {
  const { from, to } = event;
  switch (event.kind) {
    case 'RequestSent':
    case 'DataWritten':
      return { type: 'SOLID', from, to };
    case 'ResponseReceived':
      return { type: 'DOTTED', from: to, to: from };
    case 'RequestFailed':
    case 'RequestTimedOut':
      return { type: 'DOTTED_CROSS', from: to, to: from };
    case 'Published':
    case 'Routed':
    case 'Delivered':
    case 'DeadLettered':
      return { type: 'SOLID_POINT', from, to };
    case 'PublishFailed':
    case 'DeliveryFailed':
    case 'DataWriteFailed':
      return { type: 'SOLID_CROSS', from, to };
    case 'Dropped':
      return to === null ? { type: 'NOTE', from, to: from } : { type: 'SOLID_CROSS', from, to };
    case 'RetryScheduled':
    case 'NotRouted':
      return { type: 'NOTE', from, to };
    case 'StepSkipped':
      return { type: 'NOTE', from: null, to: null };
    case 'BranchTaken':
      return null;
  }
}

const blockMarks = /_(START|END|ELSE|AND|OPTION)$/;

/**
 * Parses the diagram with mermaid and checks what it read against the run:
 * the participants in order of first appearance with their model names and
 * kinds, one statement per event in trace order with the promised line type
 * between the promised participants and the event's virtual time, blocks
 * balanced.
 */
async function expectReadAsMeant(text: string, model: ModelSnapshot, run: RunResult): Promise<SequenceReading> {
  const lines = text.split('\n');
  expect(lines.slice(0, 3).every((line) => line.startsWith('%% '))).toBe(true);
  expect(lines[1]).toContain(`Run hash ${run.hash}`);
  expect(lines[3]).toBe('sequenceDiagram');
  for (const line of lines.filter((l) => l.trim().startsWith('%%'))) expect(line.trim().slice(3)).not.toMatch(/%(?! )/);
  const read = await readSequence(text);

  const order: string[] = [];
  const signals = read.signals.filter((s) => !blockMarks.test(s.type));
  const messages = run.events.map(promised).filter((p) => p !== null);
  expect(signals).toHaveLength(messages.length);
  // Participants: each record ID gets the identifier of the statement that first names it.
  const identifierOf = new Map<string, string>();
  const bind = (id: string | null, identifier: string | null) => {
    if (id === null || identifier === null) return;
    if (!identifierOf.has(id)) {
      identifierOf.set(id, identifier);
      order.push(id);
    }
    expect(identifier).toBe(identifierOf.get(id));
  };
  run.events.filter((e) => promised(e) !== null).forEach((event, i) => {
    const want = messages[i]!;
    const got = signals[i]!;
    expect(got.type, `event ${event.sequence} ${event.kind}`).toBe(want.type);
    expect(got.text.startsWith(`[${event.atMs} ms] `), got.text).toBe(true);
    // Calls name their operation, message events their message, as the model names them.
    const named = event.kind.startsWith('Request') || event.kind === 'ResponseReceived' ? event.target : event.kind === 'RetryScheduled' || event.kind === 'StepSkipped' ? null : event.message;
    if (named !== null) expect(got.text).toContain(plain(run.labels[named]!));
    if (want.type === 'NOTE' && want.from === null) return;
    bind(want.from, got.from);
    bind(want.to === null ? want.from : want.to, got.to);
  });
  const named = (id: string) => model.element.get(id)?.name ?? model.channel.get(id)?.name ?? id;
  const kindOf = (id: string) => {
    const element = model.element.get(id);
    if (!element) return 'queue';
    return element.kind === 'actor' ? 'actor' : element.kind === 'store' ? 'database' : 'participant';
  };
  expect(read.actors.slice(0, order.length)).toEqual(order.map((id) => ({ id: identifierOf.get(id), text: plain(named(id)), type: kindOf(id) })));
  // Blocks are balanced.
  let depth = 0;
  for (const s of read.signals) {
    if (s.type.endsWith('_START')) depth++;
    if (s.type.endsWith('_END')) depth--;
    expect(depth).toBeGreaterThanOrEqual(0);
  }
  expect(depth).toBe(0);
  return read;
}

const blocksOf = (read: SequenceReading) => read.signals.filter((s) => blockMarks.test(s.type)).map((s) => `${s.type} ${s.text}`.trim());

beforeAll(async () => {
  await loadMermaid();
}, 60_000);

describe('renderTraceSequence on the fixture scenarios', () => {
  const model = sequenceShopModel();
  const scenarios = sequenceScenarios();

  it.each(Object.keys(scenarios))('matches the golden file of %s and mermaid reads it as meant', async (name) => {
    const scenario = scenarios[name]!;
    const run = play(model, scenario);
    const text = render(model, scenario, run);
    const { expected, actual } = expectGolden(`${name}.sequence.mmd`, text);
    expect(actual).toBe(expected);
    await expectReadAsMeant(text, model, run);
  });

  it('draws a plain call as a request, the write inside it, and the response, with no block', async () => {
    const scenario = scenarios['plain-call']!;
    const read = await expectReadAsMeant(render(model, scenario), model, play(model, scenario));
    expect(blocksOf(read)).toEqual([]);
    expect(read.signals.map((s) => s.text)).toEqual(['[0 ms] PlaceOrder', '[0 ms] write dataset "orders"', '[0 ms] PlaceOrder response']);
    expect(read.actors.map((a) => a.text)).toEqual(['Web shop', 'Orders', 'Orders DB']);
  });

  it('draws retries in a loop with attempt numbers, time-outs as crosses with the deadline', async () => {
    const scenario = scenarios['timeout-retries']!;
    const read = await expectReadAsMeant(render(model, scenario), model, play(model, scenario));
    expect(blocksOf(read)).toEqual(['LOOP_START step place: PlaceOrder, 3 attempts', 'LOOP_END']);
    const texts = read.signals.map((s) => s.text);
    expect(texts).toContain('[1000 ms] PlaceOrder timed out, attempt 1: no response within 1000 ms (Timeout fault on operation PlaceOrder)');
    expect(texts).toContain('[1000 ms] retry: attempt 2 in 200 ms');
    expect(texts).toContain('[2400 ms] PlaceOrder response, attempt 3');
  });

  it('marks failed deliveries with crosses and the dead letter with its last attempt', async () => {
    const scenario = scenarios['dead-letter']!;
    const read = await expectReadAsMeant(render(model, scenario), model, play(model, scenario));
    expect(blocksOf(read)).toEqual(['LOOP_START OrderPlaced to billing → Billing, 2 attempts', 'LOOP_END']);
    expect(read.signals.filter((s) => s.type === 'SOLID_CROSS').map((s) => s.text)).toEqual([
      '[0 ms] OrderPlaced delivery failed, attempt 1: Error fault on subscription billing → Billing',
      '[1000 ms] OrderPlaced delivery failed, attempt 2: Error fault on subscription billing → Billing',
    ]);
    const dead = read.signals.at(-2)!;
    expect(dead.text).toBe('[1000 ms] OrderPlaced dead-lettered after attempt 2');
    expect(read.actors.find((a) => a.id === dead.to)).toMatchObject({ text: 'billing-dead', type: 'queue' });
  });

  it('draws a call with onError as critical with the list as its option, and a branch as alt naming the list it took', async () => {
    const scenario = scenarios['on-error-branch']!;
    const read = await expectReadAsMeant(render(model, scenario), model, play(model, scenario));
    expect(blocksOf(read)).toEqual([
      'CRITICAL_START step reserve: call ReserveStock',
      'CRITICAL_OPTION on error of step reserve',
      'CRITICAL_END',
      'ALT_START step if-reserved, else: step "reserve" is Failed',
      'ALT_END',
    ]);
  });

  it('draws a message reaching three subscriptions as par, one section per subscription', async () => {
    const scenario = scenarios['topic-fan-out']!;
    const read = await expectReadAsMeant(render(model, scenario), model, play(model, scenario));
    expect(blocksOf(read)).toEqual([
      'PAR_START step announce: OrderPlaced to order-events → Shipping',
      'PAR_AND OrderPlaced to order-events → Audit; log',
      'PAR_AND OrderPlaced to billing → Billing',
      'PAR_END',
    ]);
  });

  it('draws parallel branches as par, opening a branch again when its work comes back after another', async () => {
    const scenario = scenarios['parallel-branches']!;
    const read = await expectReadAsMeant(render(model, scenario), model, play(model, scenario));
    expect(blocksOf(read)).toEqual(['PAR_START step both, branch 1', 'PAR_AND branch 2', 'PAR_AND branch 1', 'PAR_END']);
    // The skipped step is a note at the element that would have written.
    expect(read.signals.at(-1)).toMatchObject({ type: 'NOTE', text: '[500 ms] step done skipped: step "both" failed', from: 'web_shop' });
  });

  it('gives the same bytes for the same run, and other bytes for another run', () => {
    const scenario = scenarios['timeout-retries']!;
    expect(render(model, scenario)).toBe(render(model, scenario));
    const once = { ...scenario, faults: [{ target: shop.placeOrder, kind: 'Timeout', failFirst: 1 }] };
    expect(render(model, once)).not.toBe(render(model, scenario));
  });

  it('writes a scenario that did not play as its comments and one comment per issue, which mermaid reads as an empty diagram', async () => {
    const scenario: ScenarioDocument = { ...scenarios['plain-call']!, steps: [{ type: 'call', id: 'x%%{init}', from: shop.web, operation: shop.orderPlaced, request: null, response: null, then: [], onError: [] }] };
    const run = playScenario({ model, modelVersion: 3, scenario });
    expect(run.issues.length).toBeGreaterThan(0);
    const text = render(model, scenario, run);
    expect(text.split('\n').slice(4, -1).every((line) => line.startsWith('    %% Not played: '))).toBe(true);
    expect(text).toContain('at step x% % {init}');
    expect(await readSequence(text)).toEqual({ actors: [], signals: [] });
  });
});

/** The shop with every name replaced, and the scenario with every step ID replaced (renaming `whenStep` alike). */
function renamed(names: string[], stepNames: string[], scenario: ScenarioDocument): { model: ModelSnapshot; scenario: ScenarioDocument } {
  const base = sequenceShopModel();
  let n = 0;
  const next = () => names[n++ % names.length]!;
  const rename = <T extends { name: string }>(map: ReadonlyMap<string, T>) => new Map([...map].map(([id, record]) => [id, { ...record, name: next() }]));
  const model: ModelSnapshot = { ...base, element: rename(base.element), channel: rename(base.channel), operation: rename(base.operation), message: rename(base.message) };
  const ids = new Map<string, string>();
  const stepId = (id: string) => {
    // A step ID is valid Unicode without control characters, at most 100 characters (the run refuses others).
    if (!ids.has(id)) ids.set(id, `${stepNames[ids.size % stepNames.length]!.replace(/[\u0000-\u001f\u007f-\u009f]|\p{Cs}/gu, '').slice(0, 90)}${ids.size}`);
    return ids.get(id)!;
  };
  const walk = (value: unknown, key: string | null): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, null));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value === 'string' && (key === 'id' || key === 'whenStep') && !/^[0-9a-f-]{36}$/.test(value)) return stepId(value);
    return value;
  };
  return { model, scenario: { ...(walk({ ...scenario, id: 'scenario' }, null) as ScenarioDocument), id: scenario.id, name: next() } };
}

describe('renderTraceSequence on adversarial names', () => {
  it('always parses, and mermaid reads every participant, message and note as meant', async () => {
    const scenarios = Object.values(sequenceScenarios());
    await fc.assert(
      fc.asyncProperty(fc.array(nastyName(), { minLength: 20, maxLength: 20 }), fc.array(nastyText(3), { minLength: 3, maxLength: 3 }), fc.nat(scenarios.length - 1), async (names, stepNames, which) => {
        const { model, scenario } = renamed(names, stepNames, scenarios[which]!);
        const run = play(model, scenario);
        await expectReadAsMeant(render(model, scenario, run), model, run);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 120) },
    );
  }, 600_000);
});
