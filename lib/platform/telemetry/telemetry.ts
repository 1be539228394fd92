// The one door to telemetry. This file imports nothing from OpenTelemetry: the
// SDK (active-telemetry.ts) is loaded by a dynamic import only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set, so without it nothing is loaded and
// nothing leaves the machine (part 2 "Events"). Every function here is a cheap
// no-op until then. docs/telemetry.md explains the choices.
import { setupCodeLogMarker } from '../logging/setup-code-marker';
import type { LogLevel } from '../logging/log-level';
import type { ActiveTelemetry, JobSpanInfo, RequestSpanInfo } from './telemetry-types';

export type { JobSpanInfo, RequestSpanInfo } from './telemetry-types';

/**
 * `process`: started once at process start (the local server), flushed at shutdown.
 * `invocation`: started by the first invocation of a function, and flushed at the
 * end of every invocation, since a function may be frozen as soon as it answers.
 */
export type TelemetryMode = 'process' | 'invocation';

let active: ActiveTelemetry | null = null;
let mode: TelemetryMode = 'process';
/** Set by the first start call; `settled` once the SDK is running or known to be off. */
let decided: Promise<void> | undefined;
let settled = false;

/**
 * Starts the SDK when `otlpEndpoint` is set (the value `readServiceConfig` checked);
 * otherwise only remembers that telemetry is off. Only the first call counts.
 *
 * @example await startTelemetry(config.telemetry.otlpEndpoint, 'process');
 */
export function startTelemetry(otlpEndpoint: string | null, startMode: TelemetryMode): Promise<void> {
  decided ??= (async () => {
    if (otlpEndpoint === null) return;
    mode = startMode;
    try {
      const { startActiveTelemetry } = await import('./active-telemetry');
      active = await startActiveTelemetry(process.env);
    } catch (error) {
      // Telemetry is an aid: the service runs on without it, and says so.
      process.stderr.write(`telemetry could not start, continuing without it: ${(error as Error)?.stack ?? String(error)}\n`);
    }
  })().finally(() => {
    settled = true;
  });
  return decided;
}

/**
 * The function runtime's lazy start: reads the endpoint from the environment on
 * the first invocation. An endpoint that is not an http(s) URL is left to the
 * configuration check, which refuses it when the runtime is built.
 */
export function startTelemetryOnce(env: Readonly<Record<string, string | undefined>>): Promise<void> | undefined {
  if (settled) return undefined;
  if (decided) return decided;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return startTelemetry(endpoint && /^https?:\/\//i.test(endpoint) ? endpoint : null, 'invocation');
}

/** True once the SDK is running: callers on the request path skip span bookkeeping otherwise. */
export function isTelemetryActive(): boolean {
  return active !== null;
}

/** Runs one request inside its server span (with the caller's `traceparent` as parent) and counts it. */
export async function traceRequest<T extends { statusCode?: number }>(info: RequestSpanInfo, run: () => Promise<T>): Promise<T> {
  if (active === null) return run();
  try {
    return await active.traceRequest(info, run);
  } finally {
    if (mode === 'invocation') await active.flush();
  }
}

/** Runs one job inside its span. */
export async function traceJob<T>(info: JobSpanInfo, run: () => Promise<T>): Promise<T> {
  if (active === null) return run();
  return active.traceJob(info, run);
}

/** Flushes what is buffered (the end of a function invocation). */
export async function flushTelemetry(): Promise<void> {
  await active?.flush();
}

/** A log line, sent as an OTel log record (with the current trace and span IDs) when telemetry is on. */
export function emitTelemetryLog(level: LogLevel, message: string): void {
  // The setup code is for whoever reads the machine's own log, not for a collector elsewhere.
  if (active === null || message.startsWith(setupCodeLogMarker)) return;
  active.emitLog(level, message);
}

/** The trace ID of the span in progress (32 hex digits), for log lines; undefined when there is none or telemetry is off. */
export function currentTraceId(): string | undefined {
  return active?.currentTraceId();
}

/** Exports what is buffered and stops the SDK, waiting at most `timeoutMs` (a collector that does not answer must not hold up the exit). */
export async function shutdownTelemetry(timeoutMs: number): Promise<void> {
  const stopping = active;
  active = null;
  if (!stopping) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stopping.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
