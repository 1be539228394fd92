/**
 * CloudFormation logical IDs of the function deployment: a route's resources
 * are named after the route alone (and the table, for a collision), never
 * after the order of the table; a route stack's function and integration
 * after its function group and part.
 */

import { createHash } from 'node:crypto';
import { routeKeyOf, type RouteDefinition } from '../lib/platform/http/route-definition';

/** `load-tests` → `LoadTests`: words in PascalCase, punctuation and braces dropped. */
export function pascalWords(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * `GET /api/projects/{projectId}/export` → `GetApiProjectsProjectIdExport`:
 * method and path segments in PascalCase, punctuation and braces dropped.
 */
export function baseLogicalIdOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  const method = route.method[0]! + route.method.slice(1).toLowerCase();
  const path = pascalWords(route.path);
  return `${method}${path === '' ? 'Root' : path}`;
}

/**
 * Logical IDs of the routes, keyed by route key: what a route's own resources
 * (routeResourceIds) are named after. Two routes whose base IDs meet (`/a/{b}`
 * and `/a/b`) both get a suffix from a hash of their route key, so an ID
 * depends only on its own route and the table, not on the order of the table.
 */
export function routeLogicalIds(routes: readonly RouteDefinition[]): Map<string, string> {
  const byBase = new Map<string, RouteDefinition[]>();
  for (const route of routes) {
    const base = baseLogicalIdOf(route);
    byBase.set(base, [...(byBase.get(base) ?? []), route]);
  }
  const ids = new Map<string, string>();
  for (const [base, sharing] of byBase) {
    for (const route of sharing) {
      const key = routeKeyOf(route);
      if (ids.has(key)) throw new Error(`the route table holds ${key} twice`);
      const suffix = sharing.length === 1 ? '' : createHash('sha256').update(key).digest('hex').slice(0, 8).toUpperCase();
      ids.set(key, `${base}${suffix}`);
    }
  }
  return ids;
}

/**
 * The two resources that put one route on the HTTP API: its route and its
 * permission. A route ID starts with its method (`Get…`, `Post…`), so these
 * start with `Route` or `Permission` and then a method: they cannot meet each
 * other however the paths read (generateRouteStackTemplate refuses a stack
 * where one would meet its stack's function or integration).
 */
export function routeResourceIds(routeId: string): { route: string; permission: string } {
  return { route: `Route${routeId}`, permission: `Permission${routeId}` };
}

/** `secrets`, part 1 → `SecretsRoutes`; part 2 → `SecretsRoutes2`: the nested stack of a route stack in the root template. */
export function stackLogicalIdOf(group: string, part: number): string {
  return `${pascalWords(group)}Routes${part === 1 ? '' : part}`;
}

/** `secrets`, part 1 → `SecretsFunction`, `SecretsIntegration`; part 2 → `SecretsFunction2`, `SecretsIntegration2`: the one function and integration of a route stack. */
export function stackResourceIds(group: string, part: number): { function: string; integration: string } {
  const name = pascalWords(group);
  const suffix = part === 1 ? '' : String(part);
  return { function: `${name}Function${suffix}`, integration: `${name}Integration${suffix}` };
}
