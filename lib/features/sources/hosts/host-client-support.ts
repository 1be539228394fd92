import { hasControlCharacter, hasInvalidUnicode } from '../../../platform/text/text-rules';
import type { ConnectionTest, GitHostClientOptions, GitHostKind } from './host-client-types';
import { HostError, HostInputError } from './host-errors';
import type { HostHttpOptions } from './host-http';
import { pageNumberOf } from './host-paging';

/** Checks shared by the four git host clients, before anything is sent. */

/** Page numbers beyond this are refused: no listing we read is that long at 100 a page. */
export const maxPageNumber = 10_000;

/** Repositories per page we ask every host for (their largest page size). */
export const repositoriesPerPage = 100;

const commitShaPattern = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/** The HTTP options every client passes on from its own options. */
export function httpOptionsOf(
  host: GitHostKind,
  options: GitHostClientOptions,
  credentialHeaders: Record<string, string>,
  headers: Record<string, string> = {},
): HostHttpOptions {
  const { apiBaseUrl, fetch, now, sleep, timeoutMs, idleTimeoutMs, maxAttempts, maxTotalWaitMs } = options;
  return { host, apiBaseUrl, credentialHeaders, headers, fetch, now, sleep, timeoutMs, idleTimeoutMs, maxAttempts, maxTotalWaitMs };
}

/** Refuses a page that is not a whole number from 1 to maxPageNumber. */
export function checkPage(host: GitHostKind, page: number): number {
  if (!Number.isInteger(page) || page < 1 || page > maxPageNumber) throw new HostInputError(host, `page must be a whole number from 1 to ${maxPageNumber}.`);
  return page;
}

/** Refuses a pull request number that is not a positive whole number. */
export function checkPullRequest(host: GitHostKind, pullRequest: number): number {
  if (!Number.isSafeInteger(pullRequest) || pullRequest < 1) throw new HostInputError(host, 'pullRequest must be a positive whole number.');
  return pullRequest;
}

/** Refuses a commit SHA that is not 40 (SHA-1) or 64 (SHA-256) hex digits; returns it in lower case. */
export function checkCommitSha(host: GitHostKind, sha: string): string {
  if (!commitShaPattern.test(sha)) throw new HostInputError(host, 'commitSha must be a full commit SHA (40 or 64 hex digits).');
  return sha.toLowerCase();
}

/** True for a full commit SHA. */
export function isFullCommitSha(text: string): boolean {
  return commitShaPattern.test(text);
}

/** Refuses a ref the settings rule would refuse (github.defaultRef: 255 characters, no white space or control characters). */
export function checkRef(host: GitHostKind, ref: string): string {
  if (ref === '' || ref.length > 255 || /\s/.test(ref) || hasControlCharacter(ref) || hasInvalidUnicode(ref)) {
    throw new HostInputError(host, 'ref must be 1 to 255 characters without white space or control characters.');
  }
  return ref;
}

/**
 * Splits a repository or owner name into its segments, refusing one of the
 * wrong form for the host: empty, `.` or `..` segments, control characters,
 * and segments outside `segmentPattern`.
 */
export function splitName(
  host: GitHostKind,
  what: string,
  text: string,
  rule: { min: number; max: number; segmentPattern: RegExp; form: string },
): string[] {
  const segments = text.split('/');
  const bad =
    text.length > 512 ||
    hasControlCharacter(text) ||
    hasInvalidUnicode(text) ||
    segments.length < rule.min ||
    segments.length > rule.max ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..' || !rule.segmentPattern.test(segment));
  if (bad) throw new HostInputError(host, `${what} must be of the form ${rule.form}.`);
  return segments;
}

/** The next page from a `Link: <…>; rel="next"` address or a body's `next` address: its `page` parameter, else the page after. */
export function nextPageFrom(nextUrl: string | null, page: number): number | null {
  if (nextUrl === null) return null;
  return pageNumberOf(nextUrl) ?? page + 1;
}

/** Runs the identity call of a connection test and reports a host failure instead of throwing it. */
export async function reportConnection(call: () => Promise<{ login?: string; scopes?: string[]; message: string }>): Promise<ConnectionTest> {
  try {
    const { login, scopes, message } = await call();
    return { ok: true, status: 200, message, ...(login !== undefined ? { login } : {}), ...(scopes !== undefined ? { scopes } : {}) };
  } catch (error) {
    if (error instanceof HostError) return { ok: false, status: error.status ?? 0, message: error.message };
    throw error;
  }
}

/** Splits a scopes header (`repo, read:org`) into its scopes. */
export function scopesFromHeader(value: string | null): string[] | undefined {
  if (value === null) return undefined;
  return value
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
}
