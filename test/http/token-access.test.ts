import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { routeKeyOf, type RouteDefinition } from '../../lib/platform/http/route-definition';
import { buildOpenApiDocument, openApiPathOf } from '../../lib/features/openapi/build-openapi-document';
import { contractOf } from '../../lib/platform/http/route-contract';
import packageJson from '../../package.json';
import { concreteRequest, expectedStatusOf, send, type ContractWorld } from '../support/contract-check';
import { buildContractWorld } from '../support/contract-world';
import { startModelService, type ModelService } from '../support/model-api';

/**
 * What the OpenAPI document says an agent token may do is what the service
 * does, route by route: each route's example (functions/<group>/contract.ts)
 * is sent with agent tokens instead of its own caller. A route whose security
 * names no agent token answers 403 to a token holding every scope; a route
 * that names a scope answers 403 to a token without it and lets a token with
 * only that scope past its access check. Refusals run first: they change
 * nothing when the service keeps its word.
 */

const document = buildOpenApiDocument({ routes, version: packageJson.version }) as Record<string, any>;
const operationOf = (route: RouteDefinition) => document.paths[openApiPathOf(route.path)][route.method.toLowerCase()];

type Scope = 'read' | 'push';
/** What the document says: no token, a token with one of these scopes, or any token (an empty list). */
function documentedTokenScopes(route: RouteDefinition): Scope[] | null {
  const security = operationOf(route).security as Record<string, string[]>[];
  const token = security.find((entry) => 'agentToken' in entry);
  return token ? (token.agentToken as Scope[]) : null;
}

const apiRoutes = routes.filter((r) => r.auth !== 'none' && !r.webClient);
const byExampleOrder = (list: RouteDefinition[]) => [...list.filter((r) => !contractOf(r)?.example.last), ...list.filter((r) => contractOf(r)?.example.last)];
const admitted = apiRoutes.filter((r) => documentedTokenScopes(r) !== null);
// Reads first: the writes that take tokens (pushes, promise and load-test writes) change what later examples read.
const admittedInOrder = byExampleOrder([...admitted.filter((r) => r.method === 'GET'), ...admitted.filter((r) => r.method !== 'GET')]);

describe('what the OpenAPI document says an agent token may do is what the service does', () => {
  let m: ModelService;
  let world: ContractWorld;
  let tokens: Record<'read' | 'push' | 'both', string>;

  beforeAll(async () => {
    m = await startModelService({ Svc__TrustedProxies: '127.0.0.1', Svc__Prices__AwsPriceListUrl: 'http://127.0.0.1:9/' });
    world = await buildContractWorld(m);
    const workspaceId = world.values.workspaceId as string;
    tokens = { read: await m.createToken(workspaceId, ['read']), push: await m.createToken(workspaceId, ['push']), both: await m.createToken(workspaceId, ['read', 'push']) };
  }, 120_000);

  afterAll(async () => {
    await m?.stop();
  });

  const sendAs = (route: RouteDefinition, token: string) => {
    const request = concreteRequest(route, { ...contractOf(route)!.example, as: 'anonymous' }, world);
    request.headers.authorization = `Bearer ${token}`;
    return send(m.service.url, request);
  };

  it('reads what a token may do from the security of each operation, and its description says the same', () => {
    for (const route of apiRoutes) {
      const scopes = documentedTokenScopes(route);
      const description = operationOf(route).description as string;
      if (scopes === null) expect(description, routeKeyOf(route)).toContain('an agent token gets 403');
      else for (const scope of scopes) expect(description, routeKeyOf(route)).toContain(`\`${scope}\` scope`);
    }
  });

  describe('a token the document refuses gets 403', () => {
    for (const route of apiRoutes) {
      const scopes = documentedTokenScopes(route);
      if (scopes !== null && scopes.length !== 1) continue;
      const refused = scopes === null ? 'both' : scopes[0] === 'read' ? 'push' : 'read';
      it(`${routeKeyOf(route)} with a ${refused === 'both' ? 'read and push' : refused} token`, async () => {
        const answer = await sendAs(route, tokens[refused]);
        expect(answer.status, answer.text.slice(0, 400)).toBe(403);
      });
    }
  });

  describe('a token with the scope the document names gets past the access check', () => {
    for (const route of admittedInOrder) {
      const scopes = documentedTokenScopes(route)!;
      for (const scope of scopes.length > 0 ? scopes : (['read', 'push'] as const)) {
        it(`${routeKeyOf(route)} with a ${scope} token`, async () => {
          const answer = await sendAs(route, tokens[scope]);
          expect([401, 403], `${answer.status} ${answer.text.slice(0, 400)}`).not.toContain(answer.status);
          // A 404 would hide the access check behind the workspace's: the token must be of the example's workspace.
          if (answer.status === 404) expect(expectedStatusOf(contractOf(route)!), answer.text.slice(0, 400)).toBe(404);
        });
      }
    }
  });
});
