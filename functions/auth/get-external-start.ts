import { z } from 'zod';
import { externalStateCookie, startExternalSignIn } from '../../lib/features/auth/external-sign-in';
import type { ExternalProviderName } from '../../lib/features/auth/external-providers';
import { cookieIsSecure } from '../../lib/features/auth/session-cookie';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { externalCallbackUrl, externalProviderConfig } from './external-sign-in-support';

const providerParams = z.object({ provider: z.enum(['github', 'gitlab']) });

/** 302 to the provider; 404 for an unknown or unconfigured provider. */
export const getExternalStart = defineRoute({
  group: 'auth',
  operation: 'get-external-start',
  method: 'GET',
  path: '/api/auth/external/{provider}',
  auth: 'none',
  rateLimit: 'externalStart',
  summary: 'Start sign-in with github or gitlab (404 when not configured)',
  params: providerParams,
  answers: { 302: 'empty', 404: 'problem' },
  description: 'Redirects to the provider and sets a short-lived state cookie; 404 when the provider is not configured.',
  example: { as: 'anonymous', params: { provider: 'github' }, status: 404, why: 'no external provider is configured in the test instance' },
  run: async (request) => {
    const provider = request.pathParameters.provider ?? '';
    const config = externalProviderConfig(request, provider);
    if (!config) throw HttpProblem.notFound('No such sign-in provider', `Sign-in with "${provider.slice(0, 50)}" is not offered on this instance.`);
    const { location, state } = await startExternalSignIn(request.runtime.db, {
      provider: provider as ExternalProviderName,
      config,
      redirectUri: externalCallbackUrl(request),
      now: request.runtime.now(),
    });
    return { status: 302, headers: { location }, cookies: [externalStateCookie(state, cookieIsSecure(request.runtime.config.secureCookies, request.client))] };
  },
});
