import type { LogLevel } from '../logging/log-level';

/** What a server span and the request metrics are made of. */
export interface RequestSpanInfo {
  /** The method as received (HEAD stays HEAD). */
  method: string;
  /** The route pattern of the route table (`/api/projects/{projectId}`); undefined when no route matched. */
  route: string | undefined;
  /** The path as requested, without the query. */
  path: string;
  scheme: 'http' | 'https';
  /** Lower-case request headers; `traceparent` and `tracestate` are read from them. */
  headers: Readonly<Record<string, string | undefined>>;
  requestId: string;
  userAgent: string | undefined;
}

/** What a job span is made of (graphile-worker's job row). */
export interface JobSpanInfo {
  task: string;
  jobId: string;
  attempt: number;
  maxAttempts: number;
}

/** The running SDK, behind the facade of telemetry.ts. */
export interface ActiveTelemetry {
  traceRequest<T extends { statusCode?: number }>(info: RequestSpanInfo, run: () => Promise<T>): Promise<T>;
  traceJob<T>(info: JobSpanInfo, run: () => Promise<T>): Promise<T>;
  emitLog(level: LogLevel, message: string): void;
  currentTraceId(): string | undefined;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
