import { describe, expect, it } from 'vitest';
import { SchemaBudgetExceeded, withPatternBudget } from './budgeted-regexp';
import { guid, schema } from '../../../test/support/playback-fixtures';
import { createSchemaChecker } from './schema-checker';

const amount = schema({ id: guid(1), content: '{"type":"object","required":["amount"],"properties":{"amount":{"type":"number"}}}' });
const draft2020 = schema({ id: guid(2), content: '{"$schema":"https://json-schema.org/draft/2020-12/schema","prefixItems":[{"type":"string"}],"items":false}' });
const draft4 = schema({ id: guid(3), content: '{"$schema":"http://json-schema.org/draft-04/schema#","type":"object"}' });
const remoteRef = schema({ id: guid(4), content: '{"$ref":"https://example.com/other.json"}' });
const withId = schema({ id: guid(5), content: '{"$id":"https://example.com/same.json","type":"string","format":"email"}' });
const withSameId = schema({ id: guid(6), content: '{"$id":"https://example.com/same.json","type":"number"}' });
const schemas = new Map([amount, draft2020, draft4, remoteRef, withId, withSameId].map((s) => [s.id, s]));

describe('createSchemaChecker', () => {
  it('checks payloads and compiles each schema once', () => {
    const checker = createSchemaChecker(schemas);
    for (let i = 0; i < 100; i++) expect(checker.check(amount.id, { amount: i })).toEqual({ kind: 'valid' });
    expect(checker.check(amount.id, { amount: 'x' })).toEqual({ kind: 'invalid', reason: '/amount must be number' });
    expect(checker.check(amount.id, null)).toEqual({ kind: 'invalid', reason: '(root) must be object' });
    expect(checker.compiledSchemas).toBe(1);
  });

  it('reads the dialect from $schema: 2020-12 works, draft-04 is refused', () => {
    const checker = createSchemaChecker(schemas);
    expect(checker.check(draft2020.id, ['a'])).toEqual({ kind: 'valid' });
    expect(checker.check(draft2020.id, ['a', 'b']).kind).toBe('invalid');
    expect(checker.check(draft4.id, {})).toMatchObject({ kind: 'unusable-schema' });
  });

  it('a schema that cannot be evaluated is unusable; two schemas with one $id do not clash; formats are annotations', () => {
    const checker = createSchemaChecker(schemas);
    expect(checker.check(remoteRef.id, {})).toMatchObject({ kind: 'unusable-schema' });
    expect(checker.check(withId.id, 'not an address')).toEqual({ kind: 'valid' });
    expect(checker.check(withSameId.id, 3)).toEqual({ kind: 'valid' });
    expect(checker.check(guid(99), {})).toEqual({ kind: 'unusable-schema', reason: 'is not in the model' });
  });
});

describe('createSchemaChecker across runs', () => {
  it('leaves nothing of one run for the next: nested $ids do not clash, cached functions are dropped', () => {
    const nested = schema({ id: guid(7), content: '{"type":"object","properties":{"a":{"$id":"https://example.com/a.json","type":"string"}}}' });
    const other = schema({ id: guid(8), content: '{"type":"object","properties":{"b":{"$id":"https://example.com/a.json","type":"number"}}}' });
    const refersToIt = schema({ id: guid(9), content: '{"$ref":"https://example.com/a.json"}' });
    expect(createSchemaChecker(new Map([[nested.id, nested]])).check(nested.id, { a: 'x' })).toEqual({ kind: 'valid' });
    expect(createSchemaChecker(new Map([[other.id, other]])).check(other.id, { b: 1 })).toEqual({ kind: 'valid' });
    // The earlier run's nested schema is not there to be referred to.
    expect(createSchemaChecker(new Map([[refersToIt.id, refersToIt]])).check(refersToIt.id, 'x')).toMatchObject({ kind: 'unusable-schema' });
  });
});

describe('createSchemaChecker with a schema text seen in an earlier run', () => {
  it('answers as a fresh compile would, for usable and unusable texts alike', () => {
    const text = '{"type":"object","required":["id"],"properties":{"id":{"type":"integer","minimum":1}}}';
    const first = schema({ id: guid(10), content: text });
    const again = schema({ id: guid(11), content: text });
    const unusable = schema({ id: guid(12), content: '{"$schema":"http://json-schema.org/draft-04/schema#"}' });
    const runs = [new Map([[first.id, first], [unusable.id, unusable]]), new Map([[again.id, again], [unusable.id, unusable]])];
    const answers = runs.map((model) => {
      const checker = createSchemaChecker(model);
      const id = model.has(first.id) ? first.id : again.id;
      return [checker.check(id, { id: 2 }), checker.check(id, { id: 0 }), checker.check(id, {}), checker.check(unusable.id, {})];
    });
    expect(answers[0]).toEqual([
      { kind: 'valid' },
      { kind: 'invalid', reason: '/id must be >= 1' },
      { kind: 'invalid', reason: "(root) must have required property 'id'" },
      { kind: 'unusable-schema', reason: '$schema "http://json-schema.org/draft-04/schema#" is not a supported dialect (draft-07, 2019-09, 2020-12)' },
    ]);
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('patterns', () => {
  const code = schema({ id: guid(20), content: '{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{2}-\\\\d+$"}},"patternProperties":{"^x-":{"type":"string","pattern":"\\\\p{Lu}"}}}' });
  const evil = schema({ id: guid(21), content: '{"type":"string","pattern":"^(a+)+$"}' });
  const patterned = new Map([code, evil].map((s) => [s.id, s]));

  it('match as JavaScript patterns with the u flag (tested on the worker), for short and long texts, remembered or not', () => {
    const checker = createSchemaChecker(patterned);
    expect(checker.check(code.id, { code: 'AB-1' })).toEqual({ kind: 'valid' });
    expect(checker.check(code.id, { code: `AB-${'7'.repeat(500)}` })).toEqual({ kind: 'valid' });
    expect(checker.check(code.id, { code: 'ab-1' })).toEqual({ kind: 'invalid', reason: '/code must match pattern "^[A-Z]{2}-\\d+$"' });
    expect(checker.check(code.id, { code: `AB-${'7'.repeat(500)}x` }).kind).toBe('invalid');
    expect(checker.check(code.id, { 'x-trace': 'long text without a capital letter in it' }).kind).toBe('invalid');
    expect(checker.check(code.id, { 'x-trace': 'long text with one capital Émile in it' })).toEqual({ kind: 'valid' });
    expect(checker.check(evil.id, 'a'.repeat(5000))).toEqual({ kind: 'valid' });
  });

  it('a test past the budget is stopped, and the next one works', () => {
    const checker = createSchemaChecker(patterned);
    const started = performance.now();
    expect(() => withPatternBudget(200, () => checker.check(evil.id, `${'a'.repeat(40)}!`))).toThrow(SchemaBudgetExceeded);
    // 2^40 steps would take hours; the budget stops the wait at 200 ms (worker start included).
    expect(performance.now() - started).toBeLessThan(1500);
    expect(withPatternBudget(2000, () => checker.check(evil.id, 'a'.repeat(30)))).toEqual({ kind: 'valid' });
    expect(withPatternBudget(2000, () => checker.check(code.id, { code: `AB-${'1'.repeat(40)}` }))).toEqual({ kind: 'valid' });
    // Short texts are no safe bound: 8 alternatives on 12 characters are 8^12 paths.
    const alternatives = schema({ id: guid(22), content: '{"type":"string","pattern":"^(a|a|a|a|a|a|a|a)*$"}' });
    const short = createSchemaChecker(new Map([[alternatives.id, alternatives]]));
    const shortStarted = performance.now();
    expect(() => withPatternBudget(200, () => short.check(alternatives.id, 'aaaaaaaaaaa!'))).toThrow(SchemaBudgetExceeded);
    expect(performance.now() - shortStarted).toBeLessThan(1500);
    expect(withPatternBudget(2000, () => short.check(alternatives.id, 'aaaa'))).toEqual({ kind: 'valid' });
  });
});
