import type { AgentTokenScope } from './caller';
import type { RouteDefinition } from './route-definition';

/**
 * What an agent token needs to call a route: one scope, any token of the
 * workspace whatever its scopes, or nothing lets it in (`null`: a person's
 * route, or a write that names no scope). The edge applies it
 * (lib/platform/http/middleware/authenticate.ts) and the OpenAPI document and the
 * capability list say it, so what they say is what is checked. The operation's
 * access check (lib/features/auth/access-policy.ts) still checks the workspace, the
 * project and the role; test/http/token-access.test.ts holds the two together.
 */
export type TokenAccess = AgentTokenScope | 'any' | null;

export function tokenAccessOf(route: Pick<RouteDefinition, 'auth' | 'method' | 'tokenScope'>): TokenAccess {
  switch (route.auth) {
    case 'none':
    case 'person':
      return null;
    case 'token':
      return route.tokenScope ?? 'any';
    case 'signed-in':
      return route.tokenScope ?? (route.method === 'GET' ? 'read' : null);
  }
}

/** Whether a token holding `scopes` passes the route's token rule. */
export function tokenMayCall(route: Pick<RouteDefinition, 'auth' | 'method' | 'tokenScope'>, scopes: readonly string[]): boolean {
  const access = tokenAccessOf(route);
  return access === 'any' || (access !== null && scopes.includes(access));
}
