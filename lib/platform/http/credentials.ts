import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller } from './caller';

/** What a request carries that can identify its caller. */
export interface Credentials {
  authorization: string | undefined;
  cookies: Readonly<Record<string, string>>;
}

/** The bearer credential of an Authorization header, if any. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/**
 * Finds the caller a request's credentials name (lib/features/auth/resolve-caller.ts: sessions and agent
 * tokens). The edge is given it rather than importing it, so that the HTTP layer knows what a
 * caller is but not how identities are stored.
 */
export type CallerResolver = (db: Kysely<Database>, credentials: Credentials, now: Date) => Promise<Caller | null>;
