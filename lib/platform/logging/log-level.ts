/** How much a log line matters; lines below the configured level are not written. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
