import { externalStateCookieName, takeExternalCallback } from '../../lib/auth/external-sign-in';
import type { Operation } from '../../lib/http/api-types';
import { externalConfigOf } from './external-sign-in-support';

/**
 * GET /api/auth/external/callback: the provider sends the browser here with
 * a code; the account is read, and the browser goes on to complete.
 */
export const getExternalCallback: Operation = async (request) => {
  await takeExternalCallback(request.runtime.db, {
    configOf: externalConfigOf(request),
    cookieState: request.cookies[externalStateCookieName],
    query: request.query,
    now: request.runtime.now(),
  });
  return { status: 302, headers: { location: '/api/auth/external/complete' } };
};
