import { externalStateCookie, startExternalSignIn } from '../../lib/auth/external-sign-in';
import type { ExternalProviderName } from '../../lib/auth/external-providers';
import { cookieIsSecure } from '../../lib/auth/session-cookie';
import type { Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { externalCallbackUrl, externalProviderConfig } from './external-sign-in-support';

/** GET /api/auth/external/{provider}: 302 to the provider; 404 for an unknown or unconfigured provider. */
export const getExternalStart: Operation = async (request) => {
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
};
