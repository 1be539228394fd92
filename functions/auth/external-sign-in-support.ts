import { isExternalProviderName, type ExternalProviderName } from '../../lib/features/auth/external-providers';
import type { ExternalSignInProvider } from '../../lib/platform/config/service-config';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { serviceOrigin } from '../../lib/platform/http/service-origin';

/** A provider's configuration, or null when it is not offered (no client ID and secret). */
export const externalConfigOf =
  (request: ApiRequest) =>
  (provider: ExternalProviderName): ExternalSignInProvider | null =>
    request.runtime.config.externalSignIn[provider];

/** The same for a provider name from a path: null as well for a name that is no provider. */
export function externalProviderConfig(request: ApiRequest, provider: string): ExternalSignInProvider | null {
  return isExternalProviderName(provider) ? externalConfigOf(request)(provider) : null;
}

/**
 * The callback address registered with the provider: on `Svc__PublicUrl` when
 * it is set, else on the address the browser used (an allowed host only).
 */
export function externalCallbackUrl(request: ApiRequest): string {
  return `${serviceOrigin(request)}/api/auth/external/callback`;
}
