/** Socket errors of a server that is not there (or went away mid-query). */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection
 * exception), 57P01 to 57P03 (shut down by an administrator, crash shutdown,
 * not yet accepting connections while starting or recovering).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/** node-postgres and pg-pool say these without a code when a connection ends or never comes. */
const messages = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Client has encountered a connection error and is not queryable/, /^Connection ended unexpectedly/];

/**
 * Whether an error means the database cannot be reached right now (down,
 * restarting, connection cut), as opposed to a query that failed. Follows
 * `cause` and the errors of an AggregateError (a host name with two
 * addresses refuses twice).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  // An outbound HTTP call that failed (undici's "fetch failed" with a socket cause) is not the database.
  if (message === 'fetch failed') return false;
  if (typeof code === 'string' && (socketCodes.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
  if (typeof message === 'string' && messages.some((m) => m.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
