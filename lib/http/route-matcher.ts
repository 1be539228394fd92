import type { HttpMethod, RouteDefinition } from './route-table';

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

export type RouteLookup =
  | { kind: 'found'; match: RouteMatch }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

/**
 * Finds the route of a request path. Exact paths are one map lookup; patterned
 * paths are tried in table order. Parameters are URI-decoded; a segment that
 * does not decode makes the path match nothing.
 */
export function createRouteMatcher(table: readonly RouteDefinition[]) {
  const exact = new Map<string, Map<HttpMethod, RouteDefinition>>();
  const patterned: CompiledRoute[] = [];

  for (const route of table) {
    if (!route.path.includes('{')) {
      const byMethod = exact.get(route.path) ?? new Map<HttpMethod, RouteDefinition>();
      byMethod.set(route.method, route);
      exact.set(route.path, byMethod);
      continue;
    }
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
        if (param) {
          names.push(param[1]!);
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    patterned.push({ route, pattern: new RegExp(`^${source}$`), names });
  }

  return function matchRoute(method: string, path: string): RouteLookup {
    const allow = new Set<HttpMethod>();
    const exactRoutes = exact.get(path);
    if (exactRoutes) {
      const found = exactRoutes.get(method as HttpMethod);
      if (found) return { kind: 'found', match: { route: found, pathParameters: {} } };
      for (const m of exactRoutes.keys()) allow.add(m);
    }
    for (const candidate of patterned) {
      const m = candidate.pattern.exec(path);
      if (!m) continue;
      const pathParameters: Record<string, string> = {};
      let decodable = true;
      candidate.names.forEach((name, i) => {
        try {
          pathParameters[name] = decodeURIComponent(m[i + 1]!);
        } catch {
          decodable = false;
        }
      });
      // A segment that does not decode names nothing, whatever the method.
      if (!decodable) continue;
      if (candidate.route.method !== method) {
        allow.add(candidate.route.method);
        continue;
      }
      return { kind: 'found', match: { route: candidate.route, pathParameters } };
    }
    if (allow.size > 0) return { kind: 'method-not-allowed', allow: [...allow] };
    return { kind: 'not-found' };
  };
}
