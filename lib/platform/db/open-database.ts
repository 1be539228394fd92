import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PostgresConnection } from '../config/connection-string';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** Ends the pool; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  maxConnections?: number;
  applicationName?: string;
  onPoolError?: (error: Error) => void;
}

/**
 * Logs a pool error: a connection the server ended on purpose (shutdown,
 * 57P01) is routine; anything else is a warning.
 */
export function poolErrorLogger(log: { debug(m: string): void; warn(m: string): void }): (error: Error) => void {
  return (error) => {
    const message = `database pool: ${error.message}`;
    if ((error as { code?: string }).code === '57P01') log.debug(message);
    else log.warn(message);
  };
}

/**
 * A `date` column is a calendar day, not an instant: node-pg's default turns it into a Date at
 * local midnight, which shifts the day in any time zone west of UTC. Read it as its
 * `YYYY-MM-DD` text instead (price and assumption dates, estimate dates).
 */
const calendarDatesAsText = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.DATE ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Opens a pool and a Kysely instance over it. The pool's 'error' event (a
 * dropped idle connection) is handled, so it never crashes the process.
 */
export function openDatabase(connection: PostgresConnection, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    ...connection,
    types: calendarDatesAsText,
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? 'svc',
    connectionTimeoutMillis: 10_000,
  });
  const onError = options.onPoolError ?? (() => undefined);
  pool.on('error', onError);
  // A checked-out client can also emit 'error' (e.g. the server restarts).
  pool.on('connect', (client) => client.on('error', onError));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed: Promise<void> | undefined;
  return {
    db,
    pool,
    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
}
