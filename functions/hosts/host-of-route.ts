import type { RouteDefinition } from '../../lib/platform/http/route-definition';
import type { GitHostKind } from '../../lib/features/sources/source-kinds';

/** The host a connectivity route is about: `/api/workspaces/{workspaceId}/<host>/…`. */
export function hostOfRoute(route: RouteDefinition): Extract<GitHostKind, 'github' | 'gitlab'> {
  return route.path.includes('/gitlab/') ? 'gitlab' : 'github';
}
