import { reservedFirstSegments, type HttpMethod, type RouteDefinition } from './route-definition';

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

/** `{name+}` as the last segment: API Gateway's greedy path variable. */
const greedySegment = /^\{([A-Za-z0-9_]+)\+\}$/;

function isGreedy(route: RouteDefinition): boolean {
  return greedySegment.test(route.path.slice(route.path.lastIndexOf('/') + 1));
}

function firstSegmentOf(path: string): string {
  const end = path.indexOf('/', 1);
  return end < 0 ? path.slice(1) : path.slice(1, end);
}

/**
 * The first path segments of the API: those of every route that is not
 * greedy (`api`, `mcp`, `s`, `health`, `llms.txt`, …) and those kept for
 * features to come. A greedy route never answers under them.
 */
export function apiFirstSegments(table: readonly RouteDefinition[]): Set<string> {
  const segments = new Set(reservedFirstSegments);
  for (const route of table) {
    const first = firstSegmentOf(route.path);
    if (!isGreedy(route) && first !== '') segments.add(first);
  }
  return segments;
}

function compile(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = greedySegment.exec(segment);
      if (greedy) {
        names.push(greedy[1]!);
        return '(.+)';
      }
      const param = /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/** The URI-decoded parameters of a match, or null when a segment does not decode. */
function parametersOf(candidate: CompiledRoute, m: RegExpExecArray): Record<string, string> | null {
  const pathParameters: Record<string, string> = {};
  for (let i = 0; i < candidate.names.length; i++) {
    try {
      pathParameters[candidate.names[i]!] = decodeURIComponent(m[i + 1]!);
    } catch {
      return null;
    }
  }
  return pathParameters;
}

/**
 * Orders patterned routes so that a literal segment is tried before a
 * parameter in the same place (`/proposals/submit` before `/proposals/{id}`):
 * which route answers a path never depends on the order of the route list.
 */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const left = a.route.path.split('/');
  const right = b.route.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = Number(left[i]!.startsWith('{')) - Number(right[i]!.startsWith('{'));
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Finds the route of a request path. Exact paths are one map lookup; patterned
 * paths are tried literal segments first (bySpecificity). Parameters are URI-decoded; a segment that
 * does not decode makes the path match nothing. Greedy routes (`{name+}`,
 * the web client's) are tried last, only for a path no other route knows in
 * any method and whose first segment is not the API's: they never turn a 404
 * or 405 of the API into something else.
 */
export function createRouteMatcher(table: readonly RouteDefinition[]) {
  const exact = new Map<string, Map<HttpMethod, RouteDefinition>>();
  const patterned: CompiledRoute[] = [];
  const greedy: CompiledRoute[] = [];
  const reserved = apiFirstSegments(table);

  for (const route of table) {
    if (isGreedy(route)) {
      greedy.push(compile(route));
    } else if (!route.path.includes('{')) {
      const byMethod = exact.get(route.path) ?? new Map<HttpMethod, RouteDefinition>();
      byMethod.set(route.method, route);
      exact.set(route.path, byMethod);
    } else {
      patterned.push(compile(route));
    }
  }

  patterned.sort(bySpecificity);

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
      const pathParameters = parametersOf(candidate, m);
      // A segment that does not decode names nothing, whatever the method.
      if (!pathParameters) continue;
      if (candidate.route.method !== method) {
        allow.add(candidate.route.method);
        continue;
      }
      return { kind: 'found', match: { route: candidate.route, pathParameters } };
    }
    if (allow.size > 0) return { kind: 'method-not-allowed', allow: [...allow] };
    if (greedy.length > 0 && !reserved.has(firstSegmentOf(path))) {
      for (const candidate of greedy) {
        if (candidate.route.method !== method) continue;
        const m = candidate.pattern.exec(path);
        const pathParameters = m && parametersOf(candidate, m);
        if (pathParameters) return { kind: 'found', match: { route: candidate.route, pathParameters } };
      }
    }
    return { kind: 'not-found' };
  };
}
