import { describe, expect, it } from 'vitest';
import { apiFirstSegments, createRouteMatcher } from './route-matcher';
import { serviceRoutes as routes } from '../../../functions/routes';
import type { RouteDefinition } from './route-definition';

function route(method: RouteDefinition['method'], path: string, webClient = false): RouteDefinition {
  return { method, path, group: 'g', operation: 'op', auth: 'none', body: 'none', bodyLimitBytes: 0, summary: 's', ...(webClient ? { webClient: true as const } : {}) };
}

describe('route matcher with a greedy route', () => {
  const table = [
    route('GET', '/health'),
    route('POST', '/api/auth/login'),
    route('GET', '/api/projects/{projectId}'),
    route('DELETE', '/api/projects/{projectId}'),
    route('GET', '/s/{token}'),
    route('GET', '/', true),
    route('GET', '/{proxy+}', true),
  ];
  const match = createRouteMatcher(table);
  const routeOf = (method: string, path: string) => {
    const lookup = match(method, path);
    return lookup.kind === 'found' ? `${lookup.match.route.method} ${lookup.match.route.path} ${JSON.stringify(lookup.match.pathParameters)}` : lookup.kind;
  };

  it('takes any GET path outside the API, with the rest of the path (slashes kept) as its parameter', () => {
    expect(routeOf('GET', '/w/ws-1/p/p-2/model')).toBe('GET /{proxy+} {"proxy":"w/ws-1/p/p-2/model"}');
    expect(routeOf('GET', '/assets/main-ABC.js')).toBe('GET /{proxy+} {"proxy":"assets/main-ABC.js"}');
    expect(routeOf('GET', '/setup')).toBe('GET /{proxy+} {"proxy":"setup"}');
    expect(routeOf('GET', '/')).toBe('GET / {}');
  });

  it('is tried after every other route: exact and patterned routes win', () => {
    expect(routeOf('GET', '/health')).toBe('GET /health {}');
    expect(routeOf('GET', '/api/projects/x')).toBe('GET /api/projects/{projectId} {"projectId":"x"}');
    expect(routeOf('GET', '/s/tok')).toBe('GET /s/{token} {"token":"tok"}');
  });

  it('never answers under a first segment of the API, or one kept for features to come', () => {
    for (const path of ['/api', '/api/', '/api/nope', '/health/x', '/health/', '/s', '/s/tok/x', '/skills/a', '/openapi.json/x', '/docs/x/y']) {
      expect(routeOf('GET', path), path).toBe('not-found');
    }
  });

  it('never turns a 404 into a 405, nor a 405 into something else', () => {
    expect(routeOf('POST', '/some/page')).toBe('not-found');
    expect(routeOf('DELETE', '/w/x')).toBe('not-found');
    expect(match('GET', '/api/auth/login')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    expect(match('PUT', '/api/projects/x')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'DELETE'] });
  });

  it('takes nothing for a path that does not decode', () => {
    expect(routeOf('GET', '/w/%ZZ')).toBe('not-found');
  });
});

describe('first segments of the API', () => {
  it('come from the route table, with the ones kept for features to come', () => {
    const segments = apiFirstSegments(routes);
    for (const s of ['api', 'mcp', 's', 'health', 'llms.txt', 'llms-full.txt', 'skills', 'openapi.json', 'docs']) expect(segments).toContain(s);
    expect(segments).not.toContain('');
    expect(segments).not.toContain('assets');
  });

  it('the route table serves the web client at / and at every other GET path outside the API', () => {
    const match = createRouteMatcher(routes);
    for (const path of ['/', '/w/a/p/b/model', '/assets/main-X.js', '/invitations/abc']) {
      const lookup = match('GET', path);
      expect(lookup.kind === 'found' && lookup.match.route.webClient, path).toBe(true);
    }
    expect(match('GET', '/mcp')).toMatchObject({ kind: 'found', match: { route: { group: 'mcp' } } });
    expect(match('GET', '/mcp/x')).toEqual({ kind: 'not-found' });
  });
});
