import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MasterKeyring } from '../crypto/master-key';
import { HttpProblem } from './problem';

function cursorKey(ring: MasterKeyring): Buffer {
  return createHmac('sha256', ring.current.key).update('svc-cursor-v1').digest();
}

/**
 * Encodes a position in a list as an opaque cursor, signed so that a cursor
 * no result gave is recognised (part 1: `validation_error` on `cursor`).
 * `scope` ties it to one list (e.g. `projects:<workspaceId>`).
 */
export function encodeCursor(ring: MasterKeyring, scope: string, position: unknown): string {
  const body = Buffer.from(JSON.stringify({ s: scope, p: position })).toString('base64url');
  const signature = createHmac('sha256', cursorKey(ring)).update(body).digest().subarray(0, 16).toString('base64url');
  return `${body}.${signature}`;
}

/** Reads a cursor of `encodeCursor`; 400 `validation_error` on field `cursor` otherwise. */
export function decodeCursor<T>(ring: MasterKeyring, scope: string, cursor: string): T {
  const invalid = HttpProblem.validation('Invalid cursor', [{ field: 'cursor', message: 'is not a cursor this list gave' }]);
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) throw invalid;
  const expected = createHmac('sha256', cursorKey(ring)).update(body).digest().subarray(0, 16);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s: string; p: T };
  if (parsed.s !== scope) throw invalid;
  return parsed.p;
}
