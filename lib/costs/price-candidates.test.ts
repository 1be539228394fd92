import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';
import type { CostResource } from './cost-sheet';
import { choosePrice, indexPrices } from './estimate-engine';
import { priceCandidates } from './price-candidates';
import type { PriceEntry } from './price-entry';

/**
 * The prices one statement reads for an estimate (price-candidates.ts) lead the engine to the very
 * choice it makes among all the workspace's prices, for random prices and resources in a real
 * PostgreSQL: same price, same reason, same price named.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

// A small space, so that many prices compete for one lookup (azure three times as often as aws).
const providers = ['azure', 'azure', 'azure', 'aws'];
const skus = ['vm', 'disk'];
const regions = [null, 'westeurope'];
const units = ['1 Hour', '1 GB/Month'];
const currencies = ['USD', 'EUR'];
const day = fc.integer({ min: 0, max: 12 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));

const priceArbitrary = fc.record({
  provider: fc.constantFrom(...providers),
  sku: fc.constantFrom(...skus),
  region: fc.constantFrom(...regions),
  unit: fc.constantFrom(...units),
  unitPrice: fc.integer({ min: 0, max: 10_000 }).map((n) => `${n / 100}`),
  currency: fc.constantFrom(...currencies),
  effectiveDate: day,
  // Few distinct instants, so ties on date and time happen and the ID decides.
  createdMs: fc.integer({ min: 0, max: 3 }),
});

const resourceArbitrary = fc.record({
  provider: fc.constantFrom(...providers),
  sku: fc.option(fc.constantFrom(...skus, 'other'), { nil: null }),
  region: fc.constantFrom(...regions),
  unit: fc.option(fc.constantFrom(...units), { nil: null }),
  named: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.nat(), weight: 1 }),
});

it('the prices read for an estimate give the same choice as all the workspace prices', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(priceArbitrary, { maxLength: 40 }),
      fc.array(resourceArbitrary, { minLength: 1, maxLength: 12 }),
      day,
      fc.constantFrom(...currencies),
      async (priceInputs, resourceInputs, asOf, preferredCurrency) => {
        const workspaceId = (await database.db.insertInto('workspaces').values({ name: 'Prices', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
        const prices: PriceEntry[] = priceInputs.map((p) => ({
          id: randomUUID(),
          workspaceId,
          source: 'custom',
          provider: p.provider,
          region: p.region,
          sku: p.sku,
          description: null,
          unit: p.unit,
          unitPrice: p.unitPrice,
          currency: p.currency,
          effectiveDate: p.effectiveDate,
          catalogRef: null,
          createdBy: 'user:test',
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, p.createdMs)).toISOString(),
        }));
        if (prices.length > 0) {
          await database.db
            .insertInto('price_entries')
            .values(
              prices.map((p) => ({
                id: p.id,
                workspace_id: workspaceId,
                source: p.source,
                provider: p.provider,
                region: p.region,
                sku: p.sku,
                description: null,
                unit: p.unit,
                unit_price: p.unitPrice,
                currency: p.currency,
                effective_date: p.effectiveDate,
                catalog_ref: null,
                created_by: p.createdBy,
                created_at: new Date(p.createdAt),
              })),
            )
            .execute();
        }
        const resources: CostResource[] = resourceInputs.map((r, i) => ({
          id: randomUUID(),
          elementId: randomUUID(),
          name: `r${i}`,
          category: 'compute',
          provider: r.provider,
          region: r.region,
          sku: r.sku,
          quantity: null,
          unit: r.unit,
          priceRef: r.named === null ? null : prices.length > 0 && r.named % 3 !== 0 ? prices[r.named % prices.length]!.id : randomUUID(),
          usage: null,
          factStatus: 'declared',
          provenance: null,
        }));
        const read = await priceCandidates(database.db, { workspaceId, resources, asOf, preferredCurrency });
        const all = indexPrices(prices);
        const candidates = indexPrices(read);
        for (const resource of resources) {
          expect(choosePrice(resource, candidates, asOf, preferredCurrency)).toEqual(choosePrice(resource, all, asOf, preferredCurrency));
        }
        for (const price of read) expect(price).toEqual(prices.find((p) => p.id === price.id));
      },
    ),
    { numRuns: 100 },
  );
});
