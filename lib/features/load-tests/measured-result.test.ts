import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMeasuredResult } from './measured-result';

const fixtures = resolve(import.meta.dirname, '../../../test/fixtures/load-tests');
const fixture = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));
const target = { operationId: '0b6f5a61-0000-4000-8000-000000000022', name: 'POST /payments' };

/** The values every k6 summary must hold, as `metrics.<name>[.values].<key>`. */
const required: [string, string, string][] = [
  ['http_req_duration', 'med', 'med'],
  ['http_req_duration', 'p(90)', 'p(90)'],
  ['http_req_duration', 'p(95)', 'p(95)'],
  ['http_reqs', 'count', 'count'],
  ['http_reqs', 'rate', 'rate'],
  ['http_req_failed', 'value', 'rate'],
  ['iterations', 'count', 'count'],
];

describe('reading measured results', () => {
  it.each([
    ['k6-summary-export.json', false],
    ['k6-handle-summary.json', true],
  ] as const)('%s without any one required value is refused naming exactly that value', (name, handleSummary) => {
    for (const [metric, exportKey, summaryKey] of required) {
      const body = fixture(name);
      const values = handleSummary ? body.metrics[metric].values : body.metrics[metric];
      delete values[handleSummary ? summaryKey : exportKey];
      const read = readMeasuredResult(body, target);
      const field = `metrics.${metric}${handleSummary ? '.values' : ''}.${handleSummary ? summaryKey : exportKey}`;
      expect(read, field).toEqual({ ok: false, errors: [{ field, message: expect.stringMatching(/^missing: /) }] });
    }
  });

  it('counts failed requests from the passes of http_req_failed (k6 Rate: non-zero values pass), else from the rate', () => {
    const body = fixture('k6-summary-export.json');
    delete body.metrics.http_req_failed.passes;
    const read = readMeasuredResult(body, target);
    expect(read.ok && read.measurements.operations[0]!.failures).toBe(24);
  });

  it('reads the generic shape back exactly as sent', () => {
    const line = fc.record({
      count: fc.integer({ min: 0, max: 1_000_000 }),
      p50Ms: fc.double({ min: 0, max: 1e6, noNaN: true }),
      spreads: fc.tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true })),
      throughputPerSecond: fc.double({ min: 0, max: 1e6, noNaN: true }),
      failureShare: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const operations = lines.map((l, i) => {
          const p90Ms = l.p50Ms + l.spreads[0];
          const p95Ms = p90Ms + l.spreads[1];
          return { operationId: `0b6f5a61-0000-4000-8000-${String(i).padStart(12, '0')}`, count: l.count, failures: Math.floor(l.count * l.failureShare), p50Ms: l.p50Ms, p90Ms, p95Ms, p99Ms: p95Ms + l.spreads[2], throughputPerSecond: l.throughputPerSecond };
        });
        const read = readMeasuredResult(JSON.parse(JSON.stringify({ tool: 'bench', operations })), target);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        read.measurements.operations.forEach((figures, i) => {
          const sent = operations[i]!;
          expect(figures).toMatchObject({ ...sent, name: null, errorRate: sent.count === 0 ? 0 : sent.failures / sent.count });
        });
      }),
    );
  });

  it('answers any JSON value with figures or named refusals, never a throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        for (const body of [a, { metrics: a }, { tool: 'x', operations: [a, b] }, { metrics: { http_req_duration: a, http_reqs: b } }]) {
          const read = readMeasuredResult(body, target);
          if (!read.ok) for (const error of read.errors) expect(error.field.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
