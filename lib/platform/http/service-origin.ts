import type { ApiRequest } from './api-types';
import { hostNotAllowed } from './allowed-hosts';
import { hostTestOf } from './middleware/allowed-host';

/**
 * The address every link and callback the service hands out starts with:
 * `Svc__PublicUrl` when set, else the scheme and `Host` of the request. That
 * host passed `AllowedHosts` before the operation ran; it is checked again
 * here, so no link is ever built on a host the operator did not allow.
 */
export function serviceOrigin(request: Pick<ApiRequest, 'runtime' | 'client' | 'headers'>): string {
  const { publicUrl } = request.runtime.config;
  if (publicUrl !== null) return publicUrl;
  const host = request.headers.host;
  if (host === undefined || !hostTestOf(request.runtime.config)(host)) throw hostNotAllowed(host);
  return `${request.client.scheme}://${host}`;
}
