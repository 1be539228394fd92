import { emitTelemetryLog } from '../telemetry/telemetry';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The service log. Lines never hold passwords, tokens or codes (the setup-code line excepted). */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  level?: LogLevel;
  now?: () => Date;
  write?: (level: LogLevel, line: string) => void;
  /** Also receives every entry written (the message, without time and level); by default the OTel log export, a no-op while telemetry is off. */
  sink?: (level: LogLevel, message: string) => void;
}

function defaultWrite(level: LogLevel, line: string): void {
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Plain one-line log entries: time, level, message. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const min = order[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const write = options.write ?? defaultWrite;
  const sink = options.sink ?? emitTelemetryLog;
  const emit = (level: LogLevel, message: string) => {
    if (order[level] < min) return;
    write(level, `${now().toISOString()} ${level.padEnd(5)} ${message}`);
    sink(level, message);
  };
  return {
    debug: (m) => emit('debug', m),
    info: (m) => emit('info', m),
    warn: (m) => emit('warn', m),
    error: (m, error) => {
      const stack = error instanceof Error ? ` ${error.stack ?? error.message}` : error === undefined ? '' : ` ${String(error)}`;
      emit('error', `${m}${stack}`);
    },
  };
}

/** Reads `LOG_LEVEL` (debug, info, warn, error); anything else is info. */
export function logLevelFromEnvironment(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'warn' || value === 'error' ? value : 'info';
}
