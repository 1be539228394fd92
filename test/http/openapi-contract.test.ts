import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { routeKeyOf, type RouteDefinition } from '../../lib/platform/http/route-definition';
import { buildOpenApiDocument } from '../../lib/features/openapi/build-openapi-document';
import { contractFileOf, contractOf, missingContractAdvice } from '../../lib/platform/http/route-contract';
import packageJson from '../../package.json';
import { concreteRequest, ContractChecker, expectedStatusOf, send, type ContractWorld } from '../support/contract-check';
import { buildContractWorld } from '../support/contract-world';
import { startModelService, type ModelService } from '../support/model-api';

/**
 * The description cannot drift from the code: every route of the route table
 * sends the example request its contract declares (functions/<group>/contract.ts)
 * to the running service, and the answer must have the status the example
 * expects, a status and content type the document declares, and a body that
 * validates (ajv, JSON Schema 2020-12) against the declared schema. Examples
 * that remove or change what others read run last (docs/openapi.md).
 */

const checker = new ContractChecker(buildOpenApiDocument({ routes, version: packageJson.version, skipMissing: true }));
const ordered: RouteDefinition[] = [...routes.filter((r) => !contractOf(r)?.example.last), ...routes.filter((r) => contractOf(r)?.example.last)];

describe('every route answers as its contract declares', () => {
  let m: ModelService;
  let world: ContractWorld;
  const startedAt = Date.now();

  beforeAll(async () => {
    // No price catalog answers here: the AWS Price List address is a closed port (the examples declare the 502).
    m = await startModelService({ Svc__TrustedProxies: '127.0.0.1', Svc__Prices__AwsPriceListUrl: 'http://127.0.0.1:9/' });
    world = await buildContractWorld(m);
  }, 120_000);

  afterAll(async () => {
    await m?.stop();
    console.log(`contract test: ${routes.length} routes in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (service start and fixture world included)`);
  });

  for (const route of ordered) {
    it(`${routeKeyOf(route)} (${route.group}/${route.operation})`, async () => {
      const contract = contractOf(route);
      expect(contract, `no contract: ${missingContractAdvice(route)}`).not.toBeNull();
      const request = concreteRequest(route, contract!.example, world);
      const answer = await send(m.service.url, request);
      const problems = checker.check(route, expectedStatusOf(contract!), answer);
      expect(problems, `${request.method} ${request.path} (example in ${contractFileOf(route)})`).toEqual([]);
    });
  }
});
