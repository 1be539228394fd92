// Loaded only through the dynamic import in telemetry.ts, when
// OTEL_EXPORTER_OTLP_ENDPOINT is set. The spans are made here by hand: the
// HTTP instrumentation patches node:http only under CommonJS or an ESM loader
// hook, and our esbuild ESM bundles get neither (docs/telemetry.md).
import type { Span } from '@opentelemetry/api';
import type { LogLevel } from '../logging/log-level';
import type { ActiveTelemetry, JobSpanInfo, RequestSpanInfo } from './telemetry-types';

const scope = 'svc';

/** The semantic-conventions buckets for `http.server.request.duration` (seconds). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * The module's exports by name. Node gives a CommonJS package's exports both by
 * name and as `default`; an esbuild split chunk gives them only as `default`.
 */
function exportsOf<T extends object>(module: T, probe: keyof T): T {
  return module[probe] !== undefined ? module : ((module as { default?: T }).default ?? module);
}

interface Flushable {
  forceFlush?: () => Promise<void>;
  getDelegate?: () => unknown;
}

async function flushProvider(provider: unknown): Promise<void> {
  const p = provider as Flushable;
  // The global tracer provider is a proxy in front of the SDK's.
  const target = (p.getDelegate?.() ?? p) as Flushable;
  await target.forceFlush?.();
}


/**
 * Starts the OpenTelemetry Node SDK from the standard `OTEL_*` variables
 * (endpoint, protocol, headers, sampler, propagators, export intervals) and
 * answers the span, metric and log operations the facade forwards to.
 */
export async function startActiveTelemetry(env: NodeJS.ProcessEnv): Promise<ActiveTelemetry> {
  // Imported here, not at the top: esbuild hoists a top-level import of an external
  // package (the local server's build) to the start of the bundle, where it would load always.
  const [api, apiLogs, sdkNode] = await Promise.all([import('@opentelemetry/api'), import('@opentelemetry/api-logs'), import('@opentelemetry/sdk-node')]);
  const { context, metrics, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } = exportsOf(api, 'SpanKind');
  const { logs, SeverityNumber } = exportsOf(apiLogs, 'SeverityNumber');
  const { NodeSDK } = exportsOf(sdkNode, 'NodeSDK');
  const severity: Record<LogLevel, number> = { debug: SeverityNumber.DEBUG, info: SeverityNumber.INFO, warn: SeverityNumber.WARN, error: SeverityNumber.ERROR };
  const endWithError = (span: Span, error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  };

  const namedByEnvironment = Boolean(env.OTEL_SERVICE_NAME?.trim()) || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  // No instrumentations: see the note at the top of this file.
  const sdk = new NodeSDK({ instrumentations: [], ...(namedByEnvironment ? {} : { serviceName: 'svc' }) });
  sdk.start();

  const tracer = trace.getTracer(scope);
  const meter = metrics.getMeter(scope);
  const logger = logs.getLogger(scope);
  const requestCount = meter.createCounter('svc.http.server.requests', { description: 'HTTP requests answered by a function group', unit: '{request}' });
  const requestDuration = meter.createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests',
    unit: 's',
    advice: { explicitBucketBoundaries: durationBuckets },
  });

  return {
    async traceRequest(info: RequestSpanInfo, run) {
      const started = performance.now();
      const parent = propagation.extract(ROOT_CONTEXT, info.headers);
      const span = tracer.startSpan(
        info.route === undefined ? info.method : `${info.method} ${info.route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': info.method,
            'url.path': info.path,
            'url.scheme': info.scheme,
            ...(info.route === undefined ? {} : { 'http.route': info.route }),
            ...(info.userAgent ? { 'user_agent.original': info.userAgent } : {}),
            'svc.request_id': info.requestId,
          },
        },
        parent,
      );
      let status = 500;
      try {
        const result = await context.with(trace.setSpan(parent, span), run);
        status = result.statusCode ?? 200;
        return result;
      } catch (error) {
        endWithError(span, error);
        throw error;
      } finally {
        span.setAttribute('http.response.status_code', status);
        // Only server faults mark a server span as failed (HTTP semantic conventions).
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        const attributes = {
          'http.request.method': info.method,
          'http.response.status_code': status,
          'url.scheme': info.scheme,
          ...(info.route === undefined ? {} : { 'http.route': info.route }),
        };
        requestCount.add(1, attributes);
        requestDuration.record((performance.now() - started) / 1000, attributes);
      }
    },

    async traceJob(info: JobSpanInfo, run) {
      const span = tracer.startSpan(
        `process ${info.task}`,
        {
          kind: SpanKind.CONSUMER,
          root: true,
          attributes: {
            'messaging.system': 'graphile_worker',
            'messaging.operation.type': 'process',
            'messaging.destination.name': info.task,
            'messaging.message.id': info.jobId,
            'svc.job.attempt': info.attempt,
            'svc.job.max_attempts': info.maxAttempts,
          },
        },
        ROOT_CONTEXT,
      );
      try {
        return await context.with(trace.setSpan(ROOT_CONTEXT, span), run);
      } catch (error) {
        endWithError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },

    emitLog(level, message) {
      logger.emit({ severityNumber: severity[level], severityText: level.toUpperCase(), body: message, timestamp: Date.now(), context: context.active() });
    },

    currentTraceId() {
      const spanContext = trace.getSpan(context.active())?.spanContext();
      return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
    },

    async flush() {
      await Promise.all([flushProvider(trace.getTracerProvider()), flushProvider(metrics.getMeterProvider()), flushProvider(logs.getLoggerProvider())]).catch(() => undefined);
    },

    shutdown: () => sdk.shutdown(),
  };
}
