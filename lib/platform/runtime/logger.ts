import { currentTraceId, emitTelemetryLog } from '../telemetry/telemetry';

import type { LogLevel } from '../logging/log-level';

export type { LogLevel };

/** `json`: one JSON object per line (the default, for log collectors); `text`: one plain line, for a terminal. */
export type LogFormat = 'json' | 'text';

/** Extra members of one entry (docs/operations.md lists them). Never a password, token, cookie or body. */
export type LogFields = Readonly<Record<string, string | number | boolean | null>>;

/** The service log. Lines never hold passwords, tokens or codes (the setup-code line excepted). */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown, fields?: LogFields): void;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  now?: () => Date;
  write?: (level: LogLevel, line: string) => void;
  /** Also receives every entry written (the message, without time and level); by default the OTel log export, a no-op while telemetry is off. */
  sink?: (level: LogLevel, message: string) => void;
}

function defaultWrite(level: LogLevel, line: string): void {
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

function errorText(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Names a field cannot take: the entry's own members. */
const ownMembers = new Set(['time', 'level', 'message', 'error', 'traceId']);

/** `,"name":` of each field name seen, so that a name is quoted once per process. */
const quotedNames = new Map<string, string>();

function memberStart(name: string): string {
  let text = quotedNames.get(name);
  if (text === undefined) {
    text = `,${JSON.stringify(name)}:`;
    if (quotedNames.size < 1000) quotedNames.set(name, text);
  }
  return text;
}

function jsonValue(value: string | number | boolean | null): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return String(value);
}

function jsonLine(time: string, level: LogLevel, message: string, fields: LogFields | undefined, error: string | undefined, traceId: string | undefined): string {
  // Written as text rather than through an object: one line per request is on the hot path.
  // time, level and message come first and are never overwritten by a field of the same name.
  let line = `{"time":"${time}","level":"${level}","message":${JSON.stringify(message)}`;
  if (fields) {
    for (const name in fields) {
      const value = fields[name];
      if (value !== undefined && !ownMembers.has(name)) line += memberStart(name) + jsonValue(value);
    }
  }
  if (traceId !== undefined) line += `,"traceId":${JSON.stringify(traceId)}`;
  if (error !== undefined) line += `,"error":${JSON.stringify(error)}`;
  return `${line}}`;
}

/** The time of an entry in ISO 8601; the text is made once per millisecond, as a busy server logs many lines in one. */
function isoClock(): () => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return () => {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      lastText = new Date(ms).toISOString();
    }
    return lastText;
  };
}

function textLine(time: string, level: LogLevel, message: string, fields: LogFields | undefined, error: string | undefined, traceId: string | undefined): string {
  let line = `${time} ${level.padEnd(5)} ${message}`;
  if (fields) for (const name in fields) line += ` ${name}=${String(fields[name])}`;
  if (traceId !== undefined) line += ` traceId=${traceId}`;
  return error === undefined ? line : `${line} ${error}`;
}

/**
 * The process log: each entry one line with time, level, message and the
 * given fields, as JSON (default) or as plain text (docs/operations.md).
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const min = order[options.level ?? 'info'];
  const now = options.now;
  const time = now ? () => now().toISOString() : isoClock();
  const write = options.write ?? defaultWrite;
  const sink = options.sink ?? emitTelemetryLog;
  const format = options.format === 'text' ? textLine : jsonLine;
  const emit = (level: LogLevel, message: string, fields?: LogFields, error?: unknown) => {
    if (order[level] < min) return;
    // With telemetry on, a line written inside a request or job names its trace, so the two can be joined.
    write(level, format(time(), level, message, fields, errorText(error), currentTraceId()));
    sink(level, message);
  };
  return {
    debug: (m, fields) => emit('debug', m, fields),
    info: (m, fields) => emit('info', m, fields),
    warn: (m, fields) => emit('warn', m, fields),
    error: (m, error, fields) => emit('error', m, fields, error),
  };
}

/** Reads `LOG_LEVEL` (debug, info, warn, error); anything else is info. */
export function logLevelFromEnvironment(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}

/** Reads `LOG_FORMAT`: `text` for plain lines; anything else is json. */
export function logFormatFromEnvironment(value: string | undefined): LogFormat {
  return value === 'text' ? 'text' : 'json';
}

/** The logger the environment asks for (`LOG_LEVEL`, `LOG_FORMAT`); `write` where the lines go, by default each at once. */
export function loggerFromEnvironment(env: NodeJS.ProcessEnv, write?: LoggerOptions['write']): Logger {
  return createLogger({ level: logLevelFromEnvironment(env.LOG_LEVEL), format: logFormatFromEnvironment(env.LOG_FORMAT), write });
}
