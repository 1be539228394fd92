import type { LogLevel } from '../logging/log-level';

/** Where a line goes: info and debug to standard output, warn and error to standard error. */
export interface LogStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export interface BufferedLogWrite {
  write(level: LogLevel, line: string): void;
  /** Writes what is pending now (at exit, before a warning or error line). */
  flush(): void;
}

/** Above this many pending characters the lines go out at once rather than when the wait ends. */
const flushAtCharacters = 64 * 1024;

/** How long an info line may wait for others. */
const flushAfterMs = 20;

function afterAWhile(flush: () => void): void {
  // Not keeping the process alive: at exit `flush` writes what is pending.
  setTimeout(flush, flushAfterMs).unref();
}

/**
 * Info and debug lines gathered for up to 20 ms (or 64 KiB) and written
 * together. A server under load writes an access line per request; writing
 * each alone costs a system call and a wake-up of whatever reads the log per
 * request, which cost the local server a third of its throughput. Warnings
 * and errors go out at once, after what is pending, so that a failure is
 * never held back; `flush` at process exit writes the rest (stdout to a file
 * or pipe writes synchronously on Linux, so it lands before the process
 * ends). Only a killed process (SIGKILL) loses its last 20 ms of info lines.
 * Only for long-running processes: a function host may freeze the process
 * as soon as it answers, so functions write each line at once.
 */
export function createBufferedLogWrite(streams: LogStreams = process, schedule: (flush: () => void) => void = afterAWhile): BufferedLogWrite {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    streams.stdout.write(text);
  };
  const flushScheduled = (): void => {
    scheduled = false;
    flush();
  };
  const write = (level: LogLevel, line: string): void => {
    if (level === 'warn' || level === 'error') {
      flush();
      streams.stderr.write(`${line}\n`);
      return;
    }
    pending += `${line}\n`;
    if (pending.length >= flushAtCharacters) flush();
    else if (!scheduled) {
      scheduled = true;
      schedule(flushScheduled);
    }
  };
  return { write, flush };
}
