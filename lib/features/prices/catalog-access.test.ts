import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { priceCatalogDefaults } from '../../platform/config/service-config';
import { toMasterKey } from '../../platform/crypto/master-key';
import { HttpProblem } from '../../platform/http/problem';
import { problemOf } from '../../platform/http/service-error-problem';
import { azureCatalog, type PriceCatalogContext } from './catalog-access';

/**
 * Part 2 "URL rules": a save does not resolve the host of the Azure price address; the search
 * resolves it each time it runs, and refuses a private address while the policy does.
 */
describe('the Azure price address, checked when the search runs', () => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'Prices' }).returning('id').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const context = (profile: 'local' | 'hosted', addresses: string[]): PriceCatalogContext => ({
    db: database.db,
    keyring: { current: toMasterKey(randomBytes(32)), previous: null },
    profile,
    catalogs: priceCatalogDefaults,
    resolveHost: async () => addresses,
  });

  it('hosted (private addresses refused): a name resolving to a private address is a 409 naming the setting, a public one is searched', async () => {
    // As a client would read it: through the edge's one mapping of codes to statuses.
    const refused = await azureCatalog(context('hosted', ['20.1.2.3', '10.0.0.7']), workspaceId).catch((error: unknown) => problemOf(error));
    expect(refused).toBeInstanceOf(HttpProblem);
    expect((refused as HttpProblem).status).toBe(409);
    expect((refused as HttpProblem).errors).toEqual([{ field: 'cost.azurePricesBaseUrl', message: expect.stringContaining('private') }]);
    const allowed = await azureCatalog(context('hosted', ['20.1.2.3']), workspaceId);
    expect(allowed).toMatchObject({ baseUrl: 'https://prices.azure.com/api/retail/prices', defaultCurrency: 'USD' });
  });

  it('local (private addresses allowed by the built-in policy): the same name is searched', async () => {
    expect((await azureCatalog(context('local', ['10.0.0.7']), workspaceId)).baseUrl).toBe('https://prices.azure.com/api/retail/prices');
  });
});
