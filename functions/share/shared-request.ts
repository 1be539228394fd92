import { cookieIsSecure } from '../../lib/features/auth/session-cookie';
import type { ApiRequest, ApiResponse } from '../../lib/platform/http/api-types';
import { HttpProblem } from '../../lib/platform/http/problem';
import { problemOf } from '../../lib/platform/http/service-error-problem';
import type { ShareHeaders } from '../../lib/features/sharing/share-headers';
import { shareRefusalHeaders } from '../../lib/features/sharing/share-headers';
import { openShareLink, type LiveShareLink } from '../../lib/features/sharing/share-links';
import { shareProofCookieName, verifyShareProof } from '../../lib/features/sharing/share-proof';

/**
 * The one answer for a token that opens nothing: unknown, revoked, expired or
 * not allowed by the policy now (part 2 "Errors": a share link not allowed by
 * policy is 404). The same words for each, so a token cannot be probed.
 */
export function shareLinkNotFound(): HttpProblem {
  return new HttpProblem(404, 'not_found', 'Share link not found', {
    detail: 'This link does not exist, was revoked, has expired, or is not allowed by the sharing policy.',
    headers: { ...shareRefusalHeaders },
  });
}

/**
 * A refusal of a share page as the page answers it: the error's problem with the share refusal
 * headers (no referrer, not indexed), whatever raised it; anything else unchanged.
 */
export function asShareRefusal(error: unknown): unknown {
  const problem = problemOf(error);
  if (!problem) return error;
  return new HttpProblem(problem.status, problem.type, problem.title, { detail: problem.detail, errors: problem.errors, headers: { ...problem.headers, ...shareRefusalHeaders }, cause: error });
}

/** The link of the path's token, or the one 404. */
export async function openLinkOfRequest(request: ApiRequest): Promise<LiveShareLink & { token: string }> {
  const token = request.pathParameters.token ?? '';
  const live = await openShareLink({ db: request.runtime.db, profile: request.runtime.config.profile, now: request.runtime.now }, token);
  if (!live) throw shareLinkNotFound();
  return { ...live, token };
}

/** True when the link has no password, or the request carries a valid proof that it was given. */
export function passwordGiven(request: ApiRequest, live: LiveShareLink): boolean {
  if (live.link.passwordHash === null) return true;
  return verifyShareProof(request.runtime.keyring, live.link.id, request.cookies[shareProofCookieName], request.runtime.now());
}

/** Whether a cookie set on this request is Secure (as the session cookie: Svc__SecureCookies, or HTTPS). */
export function secureCookie(request: ApiRequest): boolean {
  return cookieIsSecure(request.runtime.config.secureCookies, request.client);
}

/** An answer with the share headers of a live link. */
export function shareAnswer(status: number, contentType: string, body: string, share: ShareHeaders, extra: Partial<ApiResponse> = {}): ApiResponse {
  return {
    status,
    body,
    ...extra,
    headers: { 'content-type': contentType, ...share.headers, ...(extra.headers ?? {}) },
    withoutBaseHeaders: share.withoutBaseHeaders,
  };
}
