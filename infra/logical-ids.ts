/**
 * CloudFormation logical IDs of the function deployment, derived from the
 * route table alone so that an ID never depends on the order of the table.
 */

import { createHash } from 'node:crypto';
import { routeKeyOf, type RouteDefinition } from '../lib/http/route-definition';

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
 * Logical IDs of the routes' functions, keyed by route key. Two routes whose
 * base IDs meet (`/a/{b}` and `/a/b`) both get a suffix from a hash of their
 * route key, so an ID depends only on its own route and the table, not on the
 * order of the table.
 */
export function functionLogicalIds(routes: readonly RouteDefinition[]): Map<string, string> {
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
 * The four resources that put one route on the HTTP API. A function's ID
 * starts with its method (`Get…`, `Post…`); the others start with a word no
 * method is, so the IDs of one stack cannot meet however the paths read.
 */
export function routeResourceIds(functionId: string): { function: string; integration: string; route: string; permission: string } {
  return { function: functionId, integration: `Integration${functionId}`, route: `Route${functionId}`, permission: `Permission${functionId}` };
}
