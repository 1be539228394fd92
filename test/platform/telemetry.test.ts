import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { quickAddJob } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGatewayEvent, startBundle } from '../deploy/lambda-bundle';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// OTLP/JSON, as the exporters send it with OTEL_EXPORTER_OTLP_PROTOCOL=http/json.
interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpLogRecord {
  severityText?: string;
  body?: OtlpValue;
}
interface OtlpMetric {
  name: string;
  sum?: { dataPoints: { attributes: OtlpAttribute[] }[] };
  histogram?: { dataPoints: { attributes: OtlpAttribute[] }[] };
}

const spanKindServer = 2;
const spanKindConsumer = 5;

/** A stand-in OpenTelemetry collector: records every POST body by path. */
class OtlpReceiver {
  readonly posts: { path: string; body: Record<string, unknown> }[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        this.posts.push({ path: req.url ?? '', body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  spans(): OtlpSpan[] {
    return this.of('/v1/traces', 'resourceSpans', 'scopeSpans', 'spans') as OtlpSpan[];
  }

  logRecords(): OtlpLogRecord[] {
    return this.of('/v1/logs', 'resourceLogs', 'scopeLogs', 'logRecords') as OtlpLogRecord[];
  }

  private of(path: string, resourceKey: string, scopeKey: string, itemKey: string): unknown[] {
    const items: unknown[] = [];
    for (const post of this.posts.filter((p) => p.path === path)) {
      for (const resource of (post.body[resourceKey] ?? []) as Record<string, unknown>[]) {
        for (const scope of (resource[scopeKey] ?? []) as Record<string, unknown>[]) items.push(...((scope[itemKey] ?? []) as unknown[]));
      }
    }
    return items;
  }
}

function attribute(attributes: OtlpAttribute[], key: string): string | number | undefined {
  const value = attributes.find((a) => a.key === key)?.value;
  if (value?.intValue !== undefined) return Number(value.intValue);
  return value?.stringValue;
}

async function eventually<T>(what: string, find: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Short export intervals, JSON bodies. */
const fastExport = {
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_BSP_SCHEDULE_DELAY: '100',
  OTEL_BLRP_SCHEDULE_DELAY: '100',
  OTEL_METRIC_EXPORT_INTERVAL: '300',
  OTEL_METRIC_EXPORT_TIMEOUT: '250',
};

describe('telemetry over OTLP/HTTP', () => {
  const receiver = new OtlpReceiver();
  let database: TestDatabase;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    await receiver.start();
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await receiver.stop();
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT set, sends a server span per request (caller trace honoured), a span per job, request metrics and the log', { timeout: 60_000 }, async () => {
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, ...fastExport });

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentSpanId = '00f067aa0ba902b7';
    expect((await fetch(`${service.url}/health`, { headers: { traceparent: `00-${traceId}-${parentSpanId}-01` } })).status).toBe(200);
    const projectId = '0b5e9a4e-2f0a-4d8c-9a51-7b0d8e3c1a22';
    expect((await fetch(`${service.url}/api/projects/${projectId}`)).status).toBe(401);

    const health = await eventually('the /health span', () => receiver.spans().find((s) => s.traceId === traceId));
    expect(health).toMatchObject({ name: 'GET /health', kind: spanKindServer, parentSpanId });
    expect(attribute(health.attributes, 'http.request.method')).toBe('GET');
    expect(attribute(health.attributes, 'http.route')).toBe('/health');
    expect(attribute(health.attributes, 'http.response.status_code')).toBe(200);

    // Without a traceparent the span starts a trace of its own; the route is the pattern, not the path.
    const refused = await eventually('the refused request span', () => receiver.spans().find((s) => attribute(s.attributes, 'url.path') === `/api/projects/${projectId}`));
    expect(refused.name).toBe('GET /api/projects/{projectId}');
    expect(refused.traceId).not.toBe(traceId);
    expect(refused.parentSpanId ?? '').toBe('');
    expect(attribute(refused.attributes, 'http.route')).toBe('/api/projects/{projectId}');
    expect(attribute(refused.attributes, 'http.response.status_code')).toBe(401);

    await quickAddJob({ pgPool: database.pool }, 'noop', {});
    const job = await eventually('the job span', () => receiver.spans().find((s) => s.name === 'process noop'));
    expect(job.kind).toBe(spanKindConsumer);
    expect(attribute(job.attributes, 'messaging.destination.name')).toBe('noop');

    // Cumulative sums: a later export holds every request so far.
    const hasPoint = (metric: OtlpMetric | undefined, route: string, status: number) =>
      (metric?.sum ?? metric?.histogram)?.dataPoints.some((p) => attribute(p.attributes, 'http.route') === route && attribute(p.attributes, 'http.response.status_code') === status) ?? false;
    await eventually('the request counter and duration histogram', () =>
      receiver.posts.some((post) => {
        if (post.path !== '/v1/metrics') return false;
        const metrics = (post.body.resourceMetrics as { scopeMetrics: { metrics: OtlpMetric[] }[] }[]).flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
        const counter = metrics.find((m) => m.name === 'svc.http.server.requests');
        const duration = metrics.find((m) => m.name === 'http.server.request.duration');
        return hasPoint(counter, '/health', 200) && hasPoint(counter, '/api/projects/{projectId}', 401) && hasPoint(duration, '/health', 200) && hasPoint(duration, '/api/projects/{projectId}', 401);
      }) || undefined,
    );

    const listening = await eventually('the log', () => receiver.logRecords().find((r) => r.body?.stringValue?.startsWith('svc listening on')));
    expect(listening.severityText).toBe('INFO');
    // The setup code stays on this machine.
    expect(receiver.logRecords().some((r) => r.body?.stringValue?.includes('SETUP CODE'))).toBe(false);
    expect(service.output()).toContain('SVC SETUP CODE');

    // The last request before SIGTERM is exported by the shutdown.
    expect((await fetch(`${service.url}/health/live`)).status).toBe(200);
    expect(await service.stop()).toBe(0);
    service = undefined;
    expect(receiver.spans().some((s) => attribute(s.attributes, 'url.path') === '/health/live')).toBe(true);
  });

  it('without OTEL_EXPORTER_OTLP_ENDPOINT nothing is sent, even with the per-signal endpoints set', { timeout: 60_000 }, async () => {
    await service?.stop();
    receiver.posts.length = 0;
    service = await startServiceProcess({
      ConnectionStrings__DefaultConnection: database.url,
      ...fastExport,
      // Were the SDK loaded, it would follow these: the service starts it only for OTEL_EXPORTER_OTLP_ENDPOINT.
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
      OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: `${receiver.url}/v1/metrics`,
      OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: `${receiver.url}/v1/logs`,
    });
    expect((await fetch(`${service.url}/health`, { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } })).status).toBe(200);
    await quickAddJob({ pgPool: database.pool }, 'noop', {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await service.stop()).toBe(0);
    service = undefined;
    expect(receiver.posts).toEqual([]);
  });

  it('a function bundle starts telemetry on its first invocation and has exported the span when it answers', { timeout: 60_000 }, async () => {
    receiver.posts.length = 0;
    const host = 'svc.example.test';
    const bundle = await startBundle('functions/health', {
      Svc__Profile: 'hosted',
      ConnectionStrings__DefaultConnection: database.url,
      Svc__MasterKey: randomBytes(32).toString('base64'),
      AllowedHosts: host,
      Database__MigrateOnStartup: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      ...fastExport,
      // A schedule this long never fires during the test: only the end-of-invocation flush can deliver.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    });
    try {
      const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
      const outcome = await bundle.invoke(apiGatewayEvent('GET', '/health', { headers: { traceparent: `00-${traceId}-1122334455667788-01` } }, host));
      expect(outcome).toMatchObject({ kind: 'result', value: { statusCode: 200 } });
      const span = receiver.spans().find((s) => s.traceId === traceId);
      expect(span?.name, bundle.output()).toBe('GET /health');
      expect(attribute(span!.attributes, 'url.scheme')).toBe('https');
    } finally {
      await bundle.stop();
    }
  });
});
