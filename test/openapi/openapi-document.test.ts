import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { routeKeyOf, type RouteDefinition } from '../../lib/platform/http/route-definition';
import { buildOpenApiDocument, MissingContractError, openApiDocumentText, openApiPathOf, operationIdsOf } from '../../lib/features/openapi/build-openapi-document';
import { contractFileOf, contractOf, missingContractAdvice } from '../../lib/platform/http/route-contract';
import { tokenScopeFor } from '../../lib/features/auth/access-policy';
import type { AgentTokenScope } from '../../lib/platform/http/caller';
import type { WorkspaceRole } from '../../lib/platform/db/schema';
import { tokenAccessOf } from '../../lib/platform/http/token-access';
import packageJson from '../../package.json';

/**
 * The OpenAPI document (docs/openapi.md) without a running service: every
 * route has a contract and an example, the committed docs/openapi.json is
 * what the build writes now, the document is valid OpenAPI 3.1, and what it
 * says about credentials and roles is what the route table and the
 * operations' access checks say.
 */

const committedPath = new URL('../../docs/openapi.json', import.meta.url);
const build = () => buildOpenApiDocument({ routes, version: packageJson.version });
const document = build() as Record<string, any>;
const operationOf = (route: RouteDefinition) => document.paths[openApiPathOf(route.path)][route.method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('has a contract with an example for every route of the route table', () => {
    const missing = routes.filter((route) => !contractOf(route)).map((route) => missingContractAdvice(route));
    expect(missing).toEqual([]);
    const withoutExample = routes.filter((route) => !contractOf(route)?.example).map(routeKeyOf);
    expect(withoutExample).toEqual([]);
    // An example that answers an error says why it cannot answer success.
    const unexplained = routes.filter((route) => (contractOf(route)!.example.status ?? 200) >= 400 && !contractOf(route)!.example.why).map(routeKeyOf);
    expect(unexplained).toEqual([]);
  });

  it('refuses to build when a route has no contract, naming the route and the file to add it to', () => {
    const newRoute: RouteDefinition = { method: 'POST', path: '/api/projects/{projectId}/annotations', group: 'annotations', operation: 'create-annotation', auth: 'signed-in', body: 'json', bodyLimitBytes: 1024, summary: 'Comment' };
    const attempt = () => buildOpenApiDocument({ routes: [...routes, newRoute], version: '0' });
    expect(attempt).toThrow(MissingContractError);
    expect(attempt).toThrow('POST /api/projects/{projectId}/annotations: define it with defineRoute, its contract included, in functions/annotations/create-annotation.ts and list it in functions/routes.ts');
  });

  it('is committed as the build writes it (run `npm run openapi` after changing a route or a contract)', () => {
    const committed = readFileSync(committedPath, 'utf8');
    expect(committed === openApiDocumentText(document), 'docs/openapi.json is stale: run `npm run openapi` and commit the file').toBe(true);
  });

  it('comes out the same, byte for byte, when built again', () => {
    expect(openApiDocumentText(build())).toBe(openApiDocumentText(document));
  });

  it('passes the OpenAPI 3.1 validator of @apidevtools/swagger-parser', async () => {
    const parsed = await SwaggerParser.validate(structuredClone(document) as never);
    expect((parsed as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('describes every route with its method, a unique operationId, its path parameters and a problem body for errors', () => {
    const ids = operationIdsOf(routes);
    expect(new Set(ids.values()).size).toBe(routes.length);
    for (const route of routes) {
      const operation = operationOf(route);
      expect(operation, routeKeyOf(route)).toBeDefined();
      expect(operation.operationId).toBe(ids.get(route));
      const pathNames = [...route.path.matchAll(/\{([A-Za-z0-9_]+)\+?\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name);
      expect(declared.sort(), routeKeyOf(route)).toEqual(pathNames.sort());
      expect(operation.responses.default.content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
    }
  });

  it('names the credential each route takes: none, the session cookie, or the bearer agent token with its scope', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'svc_session' });
    expect(schemes.agentToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const securityOf = (method: string, path: string) => operationOf(routes.find((r) => r.method === method && r.path === path)!).security;
    expect(securityOf('GET', '/openapi.json')).toEqual([]);
    expect(securityOf('GET', '/api/auth/me')).toEqual([{ sessionCookie: [] }]);
    expect(securityOf('POST', '/mcp')).toEqual([{ agentToken: [] }]);
    expect(securityOf('GET', '/api/projects/{projectId}/elements')).toEqual([{ sessionCookie: [] }, { agentToken: ['read'] }]);
    expect(securityOf('POST', '/api/projects/{projectId}/sources/push')).toEqual([{ sessionCookie: [] }, { agentToken: ['push'] }]);
    expect(securityOf('POST', '/api/projects/{projectId}/elements')).toEqual([{ sessionCookie: [] }]);
    // Owner-only reads refuse every token (docs/secrets.md): the document says so.
    for (const path of ['/api/workspaces/{workspaceId}/secrets', '/api/workspaces/{workspaceId}/github/credential', '/api/workspaces/{workspaceId}/gitlab/credential', '/api/workspaces/{workspaceId}/ai/calls', '/api/workspaces/{workspaceId}/ai/usage']) {
      expect(securityOf('GET', path), path).toEqual([{ sessionCookie: [] }]);
      expect(operationOf(routes.find((r) => r.method === 'GET' && r.path === path)!).description, path).toContain('an agent token gets 403');
    }
    // Any token may ask what it can do.
    expect(securityOf('GET', '/api/agent/capabilities')).toEqual([{ sessionCookie: [] }, { agentToken: [] }]);
    for (const route of routes) {
      const security = operationOf(route).security as Record<string, string[]>[];
      if (route.auth === 'none') expect(security, routeKeyOf(route)).toEqual([]);
      else expect(security.length, routeKeyOf(route)).toBeGreaterThan(0);
    }
  });

  it('gives the role each operation checks in its description, as its access check names it', () => {
    const accessCheck = /authorize(?:Workspace|Project)\([^;]*;/g;
    for (const route of routes) {
      const contract = contractOf(route)!;
      const description = operationOf(route).description as string;
      if (route.auth === 'none') {
        expect(description, routeKeyOf(route)).toContain('No credential needed.');
        continue;
      }
      expect(contract.access, `${routeKeyOf(route)}: name the role in ${contractFileOf(route)}`).toBeDefined();
      const role = contract.access!.role;
      expect(description, routeKeyOf(route)).toMatch(role === 'any' ? /no workspace role is needed/ : new RegExp(`Role: (the )?${role}`));
      let source: string;
      try {
        source = readFileSync(new URL(`../../functions/${route.group}/${route.operation}.ts`, import.meta.url), 'utf8');
      } catch {
        continue; // an operation defined in a file of another name (shared handlers): checked through its callers' tests
      }
      const calls = [...source.matchAll(accessCheck)].map((call) => call[0]);
      const checked = calls.flatMap((call) => [...call.matchAll(/'(viewer|editor|owner)'/g)].map((m) => m[1]));
      if (checked.length > 0 && role !== 'any') expect(checked, `${routeKeyOf(route)}: the operation checks ${checked.join(', ')}; the contract says ${role}`).toContain(role);
      // A token the route's rule lets in (what the document says) passes the operation's check too.
      const access = tokenAccessOf(route);
      if (access === 'read' || access === 'push') {
        for (const call of calls) {
          const need = /'(viewer|editor|owner)'/.exec(call)?.[1] as WorkspaceRole | undefined;
          if (!need) continue;
          const scope = /tokenScope: '(read|push)'/.exec(call)?.[1] as AgentTokenScope | undefined;
          expect(tokenScopeFor(need, scope ? { tokenScope: scope } : {}), `${routeKeyOf(route)}: the document lets a \`${access}\` token in; the operation checks ${call}`).toBe(access);
        }
      }
      if (/requireInstanceAdmin\(|!caller\.isInstanceAdmin/.test(source)) expect(role, routeKeyOf(route)).toBe('instance administrator');
    }
  });

  it('declares a request body for every operation that reads one, and problem bodies for the edge refusals', () => {
    for (const route of routes) {
      if (route.body === 'none') continue;
      const operation = operationOf(route);
      let source: string;
      try {
        source = readFileSync(new URL(`../../functions/${route.group}/${route.operation}.ts`, import.meta.url), 'utf8');
      } catch {
        source = 'body'; // a shared handler file: it reads the body (model records)
      }
      if (!/\bbody\b/.test(source.replace(/\/\*\*[\s\S]*?\*\//g, ''))) continue;
      expect(operation.requestBody, `${routeKeyOf(route)} reads a body: declare it in ${contractFileOf(route)}`).toBeDefined();
      if (route.body === 'json') expect(Object.keys(operation.requestBody.content), routeKeyOf(route)).toContain('application/json');
      if (route.bodyLimitBytes > 0) expect(operation.responses['413'], routeKeyOf(route)).toBeDefined();
    }
    for (const route of routes.filter((r) => r.auth !== 'none')) expect(operationOf(route).responses['401'], routeKeyOf(route)).toBeDefined();
  });
});
