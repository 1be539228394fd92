import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSchemaChecker } from '../../core/playback/schema-checker';
import type { SchemaRecord } from '../../core/model/model-records';
import { jsString, scriptFileName, writeK6Script } from './k6-script';
import type { ScriptPlan } from './plan-script';
import { generateBodies } from './request-bodies';

function plan(texts: { target: string; environment: string; reason: string; profile: string; message: string; path: string; member: string }): ScriptPlan {
  return {
    target: { id: 't', name: texts.target, environment: texts.environment },
    operation: { id: 'o', name: 'POST /x', timeoutMs: 1000, retry: { maxAttempts: 2, backoffMs: 100 } },
    signature: { method: 'POST', path: '/x', pathParameters: [] },
    baseUrl: 'https://x.example',
    requests: [{ path: texts.path, body: { [texts.member]: texts.reason } }],
    idempotencyKeyMember: texts.member,
    faults: [{ kind: 'Outage', failFirst: null, on: 'owner' }],
    overrideReason: texts.reason,
    publishesBehind: [{ message: texts.message, channel: texts.message, handlers: 1 }],
    profile: { id: 'p', name: texts.profile, shape: 'steady', seed: 1, durationSeconds: 10, warmUpSeconds: 0, arrivalRatePerSecond: 1, peakRatePerSecond: 1, virtualUsers: 1, createdBy: 'u', createdAt: 'now' },
  };
}

/** JavaScript's line terminators: text after one of these in a comment is code. */
const lineTerminator = /\r\n|[\n\r\u2028\u2029]/;

describe('k6 script text', () => {
  it('a string literal reads back as the very text, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(new Function(`return ${jsString(text)};`)()).toBe(text);
      }),
    );
  });

  it('no name, reason or member from the model or a person can end a comment or a literal early', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(fc.record({ target: text, environment: text, reason: text, profile: text, message: text, path: text, member: text }), (texts) => {
        const script = writeK6Script(plan(texts));
        const lines = script.split(lineTerminator);
        const imports = lines.indexOf("import http from 'k6/http';");
        expect(imports).toBeGreaterThan(0);
        for (const line of lines.slice(0, imports)) expect(line === '' || line.startsWith('//'), JSON.stringify(line)).toBe(true);
        // The rest parses as a module body would: the literals closed where they should.
        expect(() => new Function(script.replace(/^import .*$/gm, '').replace('export const options', 'const options').replace('export default function', 'function main'))).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('the same plan gives the same bytes', () => {
    const texts = { target: 'T', environment: 'e', reason: 'r', profile: 'p', message: 'm', path: '/x', member: 'idempotencyKey' };
    expect(writeK6Script(plan(texts))).toBe(writeK6Script(plan({ ...texts })));
  });

  it('file names are lower-case words of the target name and the shape', () => {
    expect(scriptFileName({ target: { id: 't', name: 'Pay with retries › pay', environment: null }, profile: { shape: 'spike' } as ScriptPlan['profile'] })).toBe('pay-with-retries-pay-spike.js');
    expect(scriptFileName({ target: { id: 't', name: '›››', environment: null }, profile: { shape: 'soak' } as ScriptPlan['profile'] })).toBe('target-soak.js');
  });
});

describe('request bodies from a schema', () => {
  const schemas = [
    { type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 3, maximum: 4 }, b: { type: 'string', format: 'date-time' }, c: { type: 'array', items: { enum: ['x', 'y'] }, minItems: 2, maxItems: 2 } } },
    { allOf: [{ type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] }, { properties: { n: { type: 'number', exclusiveMinimum: 0, maximum: 1 } } }] },
    { $defs: { money: { type: 'object', properties: { amount: { type: 'number', multipleOf: 0.5, minimum: 1, maximum: 3 }, currency: { const: 'EUR' } } } }, type: 'object', properties: { price: { $ref: '#/$defs/money' } } },
    { oneOf: [{ type: 'string', minLength: 30 }, { type: 'integer' }] },
    { type: ['null', 'boolean'] },
  ];

  it('are the same for the same seed, match their schema, and change with the seed', () => {
    const records = new Map<string, SchemaRecord>(schemas.map((schema, i) => [`s${i}`, { id: `s${i}`, name: `s${i}`, description: null, content: JSON.stringify(schema), version: 1 }]));
    const checker = createSchemaChecker(records);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), (seed) => {
        for (const [id, record] of records) {
          const first = generateBodies(record.content, seed);
          expect(first).toEqual(generateBodies(record.content, seed));
          if (!first.ok) throw new Error(first.reason);
          for (const body of first.bodies) expect(checker.check(id, body), `${record.content} ${JSON.stringify(body)}`).toEqual({ kind: 'valid' });
        }
      }),
      { numRuns: 100 },
    );
    expect(generateBodies(records.get('s1')!.content, 1)).not.toEqual(generateBodies(records.get('s1')!.content, 2));
  });

  it('says why when no body can be made', () => {
    expect(generateBodies('{"type":"object","properties":{"a":{"$ref":"#/nowhere"}}}', 1)).toEqual({ ok: false, reason: '$ref #/nowhere names nothing in the schema' });
    expect(generateBodies('{"$ref":"#"}', 1)).toMatchObject({ ok: false, reason: expect.stringMatching(/does not end|deeper/) });
    expect(generateBodies('{"type":"integer","minimum":5,"maximum":4}', 1)).toMatchObject({ ok: false });
    expect(generateBodies('not json', 1)).toEqual({ ok: false, reason: 'the schema content is not JSON' });
  });
});
