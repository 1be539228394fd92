import type { ApiRequest } from './api-types';
import { serviceOrigin } from './service-origin';

/**
 * The address links in events (webhooks) start with (part 2 "Events"): `Svc__PublicUrl` when
 * set; without it the hosted profile uses the request's scheme and host, held to
 * `AllowedHosts` (`serviceOrigin`), and the local profile sends no link (null), since a
 * loopback or LAN address would mean nothing to the receiver.
 */
export function eventLinkBase(request: Pick<ApiRequest, 'runtime' | 'client' | 'headers'>): string | null {
  const { publicUrl, profile } = request.runtime.config;
  if (publicUrl !== null) return publicUrl;
  if (profile !== 'hosted') return null;
  return serviceOrigin(request);
}
