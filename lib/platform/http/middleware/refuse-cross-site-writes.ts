import type middy from '@middy/core';
import { bearerTokenOf } from '../credentials';
import type { ServiceConfig } from '../../config/service-config';
import { withServiceRuntime } from '../../runtime/service-runtime';
import { readClientInfo } from '../client-info';
import { HttpProblem } from '../problem';
import type { ServiceEvent, ServiceResult } from '../service-event';
import { requestHost } from './allowed-host';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `Sec-Fetch-Site` values a browser sends for a request another site's page made. */
const foreignFetchSites = new Set(['cross-site', 'same-site']);

function crossSiteRequest(detail: string, field: string): HttpProblem {
  return new HttpProblem(403, 'cross_site_request', 'Cross-site request refused', {
    detail,
    errors: [{ field, message: 'must name this service' }],
  });
}

/**
 * The origins that are this service's own: the origin of `Svc__PublicUrl`,
 * and the scheme and host the request itself came to (the host passed
 * `AllowedHosts` before this runs; the scheme is the socket's, or a trusted
 * proxy's `X-Forwarded-Proto`).
 */
function isOwnOrigin(origin: string, event: ServiceEvent, config: ServiceConfig): boolean {
  let named: URL;
  try {
    named = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed page, a redirect across sites) or garbage
  }
  if (config.publicUrl !== null && new URL(config.publicUrl).origin === named.origin) return true;
  const host = requestHost(event);
  if (host === undefined) return false;
  const scheme = readClientInfo(event, config.trustedProxies, event.svcSocketScheme ?? 'https').scheme;
  try {
    return new URL(`${scheme}://${host}`).origin === named.origin;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery (docs/security.md): a POST, PUT, PATCH or DELETE
 * that a browser sent for another site's page is refused with 403
 * `cross_site_request`, before any credential is read. A browser says so in
 * `Sec-Fetch-Site` (`cross-site`, `same-site`) or in an `Origin` that is not
 * this service's. A request with neither header (curl, scripts, the CLI) is
 * not affected: browsers send `Origin` with every cross-origin POST. A request
 * with a bearer credential is not affected either: a browser never adds one
 * on its own, so it carries no ambient authority (and it is not the cookie).
 */
export function refuseCrossSiteWrites(): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  const check = (config: ServiceConfig, event: ServiceEvent, origin: string | undefined): void => {
    const site = event.headers['sec-fetch-site']?.trim().toLowerCase();
    if (site !== undefined && foreignFetchSites.has(site)) {
      throw crossSiteRequest(`The browser says another site's page sent this request (Sec-Fetch-Site: ${site}); this service takes changes only from its own pages.`, 'Sec-Fetch-Site');
    }
    if (origin !== undefined && !isOwnOrigin(origin.trim(), event, config)) {
      throw crossSiteRequest(`The request came from a page of another origin (Origin: ${origin.slice(0, 200)}); this service takes changes only from its own pages.`, 'Origin');
    }
  };
  return {
    // Not async: reads (GET) and bearer-token calls cost nothing.
    before: (request) => {
      const event = request.event;
      if (!stateChangingMethods.has(event.requestContext.http.method)) return;
      if (bearerTokenOf(event.headers.authorization) !== undefined) return;
      const origin = event.headers.origin;
      if (origin === undefined && event.headers['sec-fetch-site'] === undefined) return;
      return withServiceRuntime((runtime) => check(runtime.config, event, origin));
    },
  };
}
