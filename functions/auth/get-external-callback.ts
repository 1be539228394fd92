import { externalStateCookieName, takeExternalCallback } from '../../lib/features/auth/external-sign-in';
import { defineRoute } from '../../lib/platform/http/define-route';
import { externalConfigOf } from './external-sign-in-support';

/** The provider sends the browser here with a code; the account is read, and the browser goes on to complete. */
export const getExternalCallback = defineRoute({
  group: 'auth',
  operation: 'get-external-callback',
  method: 'GET',
  path: '/api/auth/external/callback',
  auth: 'none',
  summary: 'Callback address registered with the external sign-in provider',
  answers: { 302: 'empty', 400: 'problem', 404: 'problem', 502: 'problem' },
  description: 'The provider sends the browser here with `code` and `state`; it goes on to `/api/auth/external/complete`.',
  example: { as: 'anonymous', query: { code: 'x', state: 'y' }, status: 400, why: 'no sign-in was started' },
  run: async (request) => {
    await takeExternalCallback(request.runtime.db, {
      configOf: externalConfigOf(request),
      cookieState: request.cookies[externalStateCookieName],
      query: request.query,
      now: request.runtime.now(),
    });
    return { status: 302, headers: { location: '/api/auth/external/complete' } };
  },
});
