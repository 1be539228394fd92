import type { ApiRequest } from '../http/api-types';
import { serviceOrigin } from '../http/service-origin';

/**
 * The `linkBase` of `queueCommentEvents` for a request (part 2 "Events"): `Svc__PublicUrl` when
 * set; else, in the hosted profile, the request's scheme and host (limited by `AllowedHosts`);
 * the local profile without `Svc__PublicUrl` sends no link (null).
 */
export function commentEventLinkBase(request: Pick<ApiRequest, 'runtime' | 'client' | 'headers'>): string | null {
  const { publicUrl, profile } = request.runtime.config;
  if (publicUrl !== null) return publicUrl;
  return profile === 'hosted' ? serviceOrigin(request) : null;
}
