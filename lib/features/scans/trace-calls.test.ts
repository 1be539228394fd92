import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTraceCalls, TraceFormatError } from './trace-calls';

const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
const resource = (service: string, spans: unknown[]) => ({ resource: { attributes: [attr('service.name', service)] }, scopeSpans: [{ scope: { name: 'x' }, spans }] });
const span = (traceId: string, spanId: string, parentSpanId: string | undefined, extra: Record<string, unknown> = {}) => ({ traceId, spanId, ...(parentSpanId ? { parentSpanId } : {}), name: 's', ...extra });

describe('readTraceCalls', () => {
  it('OTLP JSON: a span whose parent is in another service is a call; calls inside one service are not', () => {
    const document = {
      resourceSpans: [
        resource('web', [span('t1', 'a', undefined), span('t1', 'b', 'a'), span('t2', 'x', undefined)]),
        resource('orders', [span('t1', 'c', 'b', { kind: 2, attributes: [attr('http.method', 'POST')] }), span('t2', 'y', 'x', { kind: 2, attributes: [attr('http.method', 'GET')] })]),
        resource('billing', [span('t1', 'd', 'c', { kind: 5, attributes: [attr('messaging.system', 'rabbitmq')] })]),
      ],
    };
    expect(readTraceCalls(JSON.stringify(document))).toEqual({
      format: 'otlp',
      spans: 6,
      services: ['billing', 'orders', 'web'],
      calls: [
        { from: 'orders', to: 'billing', count: 1, technology: 'messaging' },
        { from: 'web', to: 'orders', count: 2, technology: 'HTTP' },
      ],
    });
  });

  it('one OTLP document per line, as the collector file exporter writes them', () => {
    const lines = [JSON.stringify({ resourceSpans: [resource('a', [span('t', '1', undefined)])] }), JSON.stringify({ resourceSpans: [resource('b', [span('t', '2', '1')])] })].join('\n');
    expect(readTraceCalls(lines).calls).toEqual([{ from: 'a', to: 'b', count: 1, technology: null }]);
  });

  it('Jaeger JSON: CHILD_OF references across processes', () => {
    const document = {
      data: [
        {
          traceID: 'T',
          spans: [
            { traceID: 'T', spanID: '1', processID: 'p1', references: [], tags: [] },
            { traceID: 'T', spanID: '2', processID: 'p2', references: [{ refType: 'CHILD_OF', traceID: 'T', spanID: '1' }], tags: [{ key: 'rpc.system', type: 'string', value: 'grpc' }] },
          ],
          processes: { p1: { serviceName: 'frontend' }, p2: { serviceName: 'catalog' } },
        },
      ],
    };
    expect(readTraceCalls(JSON.stringify(document))).toMatchObject({ format: 'jaeger', calls: [{ from: 'frontend', to: 'catalog', count: 1, technology: 'gRPC' }] });
  });

  it('refuses what is neither format, with a reason', () => {
    expect(() => readTraceCalls('')).toThrow(TraceFormatError);
    expect(() => readTraceCalls('[1,2]')).toThrow(/not an object/);
    expect(() => readTraceCalls('{"spans":[]}')).toThrow(/neither/);
    expect(() => readTraceCalls('{"a":1}\nnot json')).toThrow(/Line 2/);
  });

  it('any text either reads or is refused with TraceFormatError, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ resourceSpans: [v] })), fc.jsonValue().map((v) => JSON.stringify({ data: [v] }))), (input) => {
        try {
          const result = readTraceCalls(input);
          for (const call of result.calls) expect(call.count).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(TraceFormatError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
