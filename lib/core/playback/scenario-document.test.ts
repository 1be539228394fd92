import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readScenarioDocument, type ReadScenarioResult } from './scenario-document';

const id = '00000000-0000-4000-8000-0000000000ff';
const element = '00000000-0000-4000-8000-000000000001';
const operation = '00000000-0000-4000-8000-000000000011';
const channel = '00000000-0000-4000-8000-000000000021';
const subscriptionId = '00000000-0000-4000-8000-000000000031';

function body(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, name: 'Checkout', steps: [], faults: [], assertions: [], ...fields };
}

function publish(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'publish', id: 'p', from: element, channel, message: element, payload: null, headers: {}, handlers: {}, ...fields };
}

function refusal(result: ReadScenarioResult) {
  if (result.ok) throw new Error('expected a refusal');
  return { type: result.type, errors: result.errors };
}

describe('readScenarioDocument', () => {
  it('reads every step type and keeps every listed field; `type` may stand anywhere; unknown fields and origin are dropped', () => {
    const result = readScenarioDocument(
      {
        name: 'Checkout',
        origin: { kind: 'ai-proposal' },
        extra: 1,
        steps: [
          { id: 'c', from: element, operation, request: { a: 1 }, response: [1], then: [], onError: [], type: 'call', note: 'dropped' },
          { id: 'p', from: element, channel, message: element, payload: 'x', headers: { 'x-trace': 'abc' }, handlers: { [subscriptionId]: [] }, routingKey: 'a.b', type: 'publish' },
          { type: 'write', id: 'w', by: element, store: element, dataset: 'orders', change: { total: 3 } },
          { type: 'parallel', id: 'par', branches: [[], [{ type: 'write', id: 'w2', by: element, store: element, dataset: 'd' }]] },
          { type: 'branch', id: 'b', whenStep: 'c', is: 'Failed', then: [], else: [] },
        ],
        faults: [{ target: operation, kind: 'Error', failFirst: 2 }, { target: channel, kind: 'Outage' }],
        assertions: [
          { type: 'outcome', id: 'a1', step: 'c', expected: 'Succeeded' },
          { expected: 0, kind: 'Dropped', id: 'a2', type: 'event-count' },
        ],
        id: id.toUpperCase(),
      },
      { mode: 'create' },
    );
    expect(result).toEqual({
      ok: true,
      scenario: {
        id,
        name: 'Checkout',
        steps: [
          { type: 'call', id: 'c', from: element, operation, request: { a: 1 }, response: [1], then: [], onError: [] },
          { type: 'publish', id: 'p', from: element, channel, message: element, payload: 'x', headers: { 'x-trace': 'abc' }, handlers: { [subscriptionId]: [] }, routingKey: 'a.b' },
          { type: 'write', id: 'w', by: element, store: element, dataset: 'orders', change: { total: 3 } },
          { type: 'parallel', id: 'par', branches: [[], [{ type: 'write', id: 'w2', by: element, store: element, dataset: 'd', change: null }]] },
          { type: 'branch', id: 'b', whenStep: 'c', is: 'Failed', then: [], else: [] },
        ],
        faults: [
          { target: operation, kind: 'Error', failFirst: 2 },
          { target: channel, kind: 'Outage', failFirst: null },
        ],
        assertions: [
          { type: 'outcome', id: 'a1', step: 'c', expected: 'Succeeded' },
          { type: 'event-count', id: 'a2', kind: 'Dropped', target: null, expected: 0 },
        ],
      },
      ignored: [
        { path: '$.extra', reason: 'a scenario document has no field extra; ignored' },
        { path: '$.origin', reason: 'origin is returned on read only; a save keeps the stored origin (null for a scenario a person wrote); ignored' },
        { path: '$.steps[0].note', reason: 'a call step has no field note; ignored' },
      ],
    });
  });

  it('names every member it ignores with its JSON path and the field it probably meant', () => {
    const result = readScenarioDocument(
      body({
        nmae: 'x',
        origin: null,
        steps: [
          { type: 'call', id: 'c', from: element, opertion: operation, then: [{ type: 'write', id: 'w', by: element, store: element, dataSet: 'orders' }], onError: [] },
          publish({ routing_key: 'a.b', handlers: { [subscriptionId]: [{ type: 'write', id: 'w2', channel }] } }),
          { type: 'parallel', id: 'par', branches: [[{ type: 'branch', id: 'b', whenStep: 'c', is: 'Failed', then: [], else: [], otherwise: [] }]] },
        ],
        faults: [{ target: operation, kind: 'Error', failFirst: 1, failfirst: 2 }],
        assertions: [{ type: 'outcome', id: 'a', step: 'c', expect: 'Failed' }, { type: 'event-count', id: 'e', kind: 'Dropped', expected: 0, target: null, count: 1 }],
      }),
      { mode: 'create' },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.ignored).toEqual([
      { path: '$.nmae', reason: 'a scenario document has no field nmae (did you mean name?); ignored' },
      { path: '$.steps[0].opertion', reason: 'a call step has no field opertion (did you mean operation?); ignored' },
      { path: '$.steps[0].then[0].dataSet', reason: 'a write step has no field dataSet (did you mean dataset?); ignored' },
      { path: '$.steps[1].routing_key', reason: 'a publish step has no field routing_key (did you mean routingKey?); ignored' },
      { path: `$.steps[1].handlers.${subscriptionId}[0].channel`, reason: 'a write step has no field channel; ignored' },
      { path: '$.steps[2].branches[0][0].otherwise', reason: 'a branch step has no field otherwise; ignored' },
      { path: '$.faults[0].failfirst', reason: 'a fault has no field failfirst (did you mean failFirst?); ignored' },
      { path: '$.assertions[0].expect', reason: 'an outcome assertion has no field expect (did you mean expected?); ignored' },
      { path: '$.assertions[1].count', reason: 'an event-count assertion has no field count; ignored' },
    ]);
    // What is ignored is not kept: the stored document holds the listed fields only.
    expect(result.scenario.steps?.[0]).not.toHaveProperty('opertion');
    expect(result.scenario.faults).toEqual([{ target: operation, kind: 'Error', failFirst: 1 }]);
  });

  it('lets through what the validation codes report when the scenario runs', () => {
    const result = readScenarioDocument(
      body({
        steps: [{ type: 'call' }, null, { type: 'write', id: 'w', dataset: '' }, publish({ routingKey: '', headers: undefined })],
        faults: [null, { target: operation, kind: 'Crash', failFirst: 0 }],
        assertions: [{ type: 'event-count', id: 'a', kind: 'Nope', expected: -1 }],
      }),
      { mode: 'create' },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.steps).toEqual([
      { type: 'call', id: null, from: null, operation: null, request: null, response: null, then: null, onError: null },
      null,
      { type: 'write', id: 'w', by: null, store: null, dataset: '', change: null },
      { type: 'publish', id: 'p', from: element, channel, message: element, payload: null, headers: null, handlers: {}, routingKey: '' },
    ]);
    expect(readScenarioDocument({ id, name: 'No lists' }, { mode: 'create' })).toEqual({
      ok: true,
      scenario: { id, name: 'No lists', steps: null, faults: null, assertions: null },
      ignored: [],
    });
  });

  it.each([
    ['a body that is not an object', [], 'body'],
    ['a step without type', body({ steps: [{ id: 's' }] }), 'steps[0].type'],
    ['a step of an unknown type', body({ steps: [{ type: 'sleep', id: 's' }] }), 'steps[0].type'],
    ['a nested step of an unknown type', body({ steps: [{ type: 'parallel', id: 'p', branches: [[{ type: 'Call' }]] }] }), 'steps[0].branches[0][0].type'],
    ['an assertion without type', body({ assertions: [{ id: 'a' }] }), 'assertions[0].type'],
    ['an assertion of an unknown type', body({ assertions: [{ id: 'a', type: 'count' }] }), 'assertions[0].type'],
    ['a step that is not an object', body({ steps: ['call'] }), 'steps[0]'],
    ['steps that are not a list', body({ steps: {} }), 'steps'],
    ['a then that is not a list', body({ steps: [{ type: 'call', id: 'c', then: 'x' }] }), 'steps[0].then'],
    ['headers that are a list', body({ steps: [publish({ headers: [] })] }), 'steps[0].headers'],
    ['a header value that is a number', body({ steps: [publish({ headers: { a: 1 } })] }), 'steps[0].headers.a'],
    ['a handler that is not a list', body({ steps: [publish({ handlers: { [subscriptionId]: {} } })] }), `steps[0].handlers.${subscriptionId}`],
    ['a reference that is a number', body({ steps: [{ type: 'write', id: 'w', store: 5 }] }), 'steps[0].store'],
    ['a failFirst that is text', body({ faults: [{ target: operation, kind: 'Error', failFirst: '2' }] }), 'faults[0].failFirst'],
    ['an expected count that is text', body({ assertions: [{ type: 'event-count', id: 'a', kind: 'Dropped', expected: '1' }] }), 'assertions[0].expected'],
    ['a name that is a number', body({ name: 5 }), 'name'],
  ])('invalid_scenario: %s', (_, value, field) => {
    const result = refusal(readScenarioDocument(value, { mode: 'create' }));
    expect(result.type).toBe('invalid_scenario');
    expect(result.errors.map((e) => e.field)).toEqual([field]);
  });

  it.each([
    ['a name over 200 characters', body({ name: 'n'.repeat(201) }), 'name'],
    ['a blank name', body({ name: '  ' }), 'name'],
    ['a step ID over 100 characters', body({ steps: [{ type: 'write', id: 's'.repeat(101) }] }), 'steps[0].id'],
    ['an assertion ID over 100 characters', body({ assertions: [{ type: 'outcome', id: 'a'.repeat(101) }] }), 'assertions[0].id'],
    ['a whenStep over 100 characters', body({ steps: [{ type: 'branch', id: 'b', whenStep: 'w'.repeat(101) }] }), 'steps[0].whenStep'],
    ['a dataset over 200 characters', body({ steps: [{ type: 'write', id: 'w', dataset: 'd'.repeat(201) }] }), 'steps[0].dataset'],
    ['a routing key over 200 characters', body({ steps: [publish({ routingKey: 'k'.repeat(201) })] }), 'steps[0].routingKey'],
    ['a header name over 200 characters', body({ steps: [publish({ headers: { ['h'.repeat(201)]: 'v' } })] }), `steps[0].headers.${'h'.repeat(201)}`],
    ['a header value over 2000 characters', body({ steps: [publish({ headers: { 'x-a': 'v'.repeat(2001) } })] }), 'steps[0].headers.x-a'],
    ['more than 50 headers', body({ steps: [publish({ headers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`h${i}`, 'v'])) })] }), 'steps[0].headers'],
    ['a control character in the name', body({ name: 'a\tb' }), 'name'],
    ['a control character in a step ID', body({ steps: [{ type: 'write', id: 'a\u0085' }] }), 'steps[0].id'],
    ['a control character in a routing key', body({ steps: [publish({ routingKey: 'a\nb' })] }), 'steps[0].routingKey'],
    ['invalid Unicode in a reference', body({ steps: [{ type: 'write', id: 'w', by: '\udc00' }] }), 'steps[0].by'],
    ['a control character in a handler key', body({ steps: [publish({ handlers: { 'a\u0001': [] } })] }), 'steps[0].handlers["a\\u0001"]'],
    ['U+0000 in a payload', body({ steps: [publish({ payload: { a: ['ok', 'x\u0000'] } })] }), 'steps[0].payload.a[1]'],
    ['U+0000 in a payload key', body({ steps: [{ type: 'write', id: 'w', change: { 'k\u0000': 1 } }] }), 'steps[0].change["k\\u0000"]'],
    // Words and numbers the run judges are stored as they are, but not what no store can hold.
    ['U+0000 in a branch outcome', body({ steps: [{ type: 'branch', id: 'b', is: 'Fail\u0000ed' }] }), 'steps[0].is'],
    ['invalid Unicode in a fault kind', body({ faults: [{ target: operation, kind: '\ud800', failFirst: 1 }] }), 'faults[0].kind'],
    ['a failFirst outside the float range (JSON.parse reads 1e400 as Infinity)', body({ faults: [{ target: operation, kind: 'Error', failFirst: JSON.parse('1e400') }] }), 'faults[0].failFirst'],
    ['U+0000 in an expected outcome', body({ assertions: [{ type: 'outcome', id: 'a', step: 's', expected: '\u0000' }] }), 'assertions[0].expected'],
    ['U+0000 in an event kind', body({ assertions: [{ type: 'event-count', id: 'a', kind: 'Dropped\u0000', expected: 1 }] }), 'assertions[0].kind'],
    ['an expected count outside the float range', body({ assertions: [{ type: 'event-count', id: 'a', kind: 'Dropped', expected: -Infinity }] }), 'assertions[0].expected'],
    // The path names the array that opens the 33rd level.
    ['a payload nested over 32 levels', body({ steps: [{ type: 'call', id: 'c', request: JSON.parse(`${'['.repeat(33)}${']'.repeat(33)}`) }] }), `steps[0].request${'[0]'.repeat(32)}`],
  ])('validation_error: %s', (_, value, field) => {
    const result = refusal(readScenarioDocument(value, { mode: 'create' }));
    expect(result.type).toBe('validation_error');
    expect(result.errors.map((e) => e.field)).toEqual([field]);
  });

  it('names the JSON path of a broken header deep in the steps, and every broken value', () => {
    const steps = [
      { type: 'write', id: 'w0' },
      { type: 'write', id: 'w1' },
      { type: 'call', id: 'c', then: [publish({ headers: { 'x-trace': 'a\u0007b' } })], onError: [{ type: 'write', id: 'x'.repeat(101) }] },
    ];
    const result = refusal(readScenarioDocument(body({ steps, name: 'n'.repeat(201) }), { mode: 'create' }));
    expect(result).toEqual({
      type: 'validation_error',
      errors: [
        { field: 'name', message: 'must have at most 200 characters' },
        { field: 'steps[2].then[0].headers.x-trace', message: 'must not contain control characters' },
        { field: 'steps[2].onError[0].id', message: 'must have at most 100 characters' },
      ],
    });
  });

  it('counts characters, not UTF-16 units, and accepts values at the limits', () => {
    const result = readScenarioDocument(
      body({
        name: '😀'.repeat(200),
        steps: [publish({ id: 'i'.repeat(100), routingKey: 'k'.repeat(200), headers: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`h${i}`, 'v'.repeat(2000)])), payload: JSON.parse(`${'['.repeat(32)}${']'.repeat(32)}`) })],
      }),
      { mode: 'create' },
    );
    expect(result.ok).toBe(true);
  });

  it('create needs a GUID; replace takes the path ID and refuses another', () => {
    // A required field missing or of the wrong type: not a scenario document.
    expect(refusal(readScenarioDocument(body({ id: undefined }), { mode: 'create' }))).toEqual({
      type: 'invalid_scenario',
      errors: [{ field: 'id', message: 'is required: a scenario is created with the ID its author chose' }],
    });
    expect(refusal(readScenarioDocument(body({ id: 'abc' }), { mode: 'create' }))).toEqual({ type: 'invalid_scenario', errors: [{ field: 'id', message: 'must be a GUID' }] });
    expect(refusal(readScenarioDocument(body({ id: 7 }), { mode: 'create' }))).toEqual({ type: 'invalid_scenario', errors: [{ field: 'id', message: 'must be a GUID' }] });
    expect(refusal(readScenarioDocument(body({ name: undefined }), { mode: 'create' }))).toEqual({ type: 'invalid_scenario', errors: [{ field: 'name', message: 'is required' }] });
    const other = '00000000-0000-4000-8000-0000000000fe';
    const replaced = readScenarioDocument(body({ id: undefined }), { mode: 'replace', pathId: other });
    expect(replaced.ok && replaced.scenario.id).toBe(other);
    expect(readScenarioDocument(body({ id: other.toUpperCase() }), { mode: 'replace', pathId: other }).ok).toBe(true);
    expect(refusal(readScenarioDocument(body(), { mode: 'replace', pathId: other }))).toEqual({
      type: 'validation_error',
      errors: [{ field: 'id', message: 'must be the scenario ID of the path' }],
    });
  });

  it('never throws, whatever JSON it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        readScenarioDocument(value, { mode: 'create' });
        readScenarioDocument({ ...body(), steps: [value], faults: [value], assertions: [value] }, { mode: 'replace', pathId: id });
      }),
      { numRuns: 300 },
    );
  });
});
