import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { CostResource } from './cost-sheet';
import { insertProject } from '../workspaces/project-store';
import { resourceColumns } from './cost-sheet-rows';
import { choosePrice, indexPrices } from './estimate-engine';
import { coversResources, priceCandidates, priceCandidatesOfSheet } from './price-candidates';
import type { PriceEntry } from '../prices/price-entry';

/**
 * The prices one statement reads for an estimate (price-candidates.ts), from the resources given or
 * from the stored sheet, lead the engine to the very choice it makes among all the workspace's
 * prices, for random prices and resources in a real PostgreSQL: same price, same reason, same
 * price named.
 */

let database: TestDatabase;
/** A price of another workspace: a resource naming it finds nothing. */
const elsewhere = randomUUID();
beforeAll(async () => {
  database = await createTestDatabase();
  const other = (await database.db.insertInto('workspaces').values({ name: 'Elsewhere', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  await database.db
    .insertInto('price_entries')
    .values({ id: elsewhere, workspace_id: other, source: 'custom', provider: 'azure', region: null, sku: 'vm', description: null, unit: '1 Hour', unit_price: '1', currency: 'USD', effective_date: '2026-01-01', catalog_ref: null, created_by: 'user:test', created_at: new Date() })
    .execute();
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
          roundedFrom: null,
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
        resources.push({ ...resources[0]!, id: randomUUID(), priceRef: elsewhere });
        const read = await priceCandidates(database.db, { workspaceId, resources, asOf, preferredCurrency });
        const project = await insertProject(database.db, workspaceId, 'Sheet', null, new Date());
        await database.db.insertInto('cost_sheets').values({ stream_id: project.id, project_id: project.id, version: 1, updated_at: new Date() }).execute();
        await database.db.insertInto('cost_resources').values(resources.map((r, position) => ({ stream_id: project.id, position, ...resourceColumns(r) }))).execute();
        const ofSheet = await priceCandidatesOfSheet(database.db, { workspaceId, streamId: project.id, asOf, preferredCurrency });
        expect(coversResources(ofSheet, resources)).toBe(true);
        const all = indexPrices(prices);
        for (const candidates of [indexPrices(read), indexPrices(ofSheet.prices)]) {
          for (const resource of resources) {
            expect(choosePrice(resource, candidates, asOf, preferredCurrency)).toEqual(choosePrice(resource, all, asOf, preferredCurrency));
          }
        }
        for (const price of [...read, ...ofSheet.prices]) expect(price).toEqual(prices.find((p) => p.id === price.id));
        expect(choosePrice(resources.at(-1)!, indexPrices(ofSheet.prices), asOf, preferredCurrency)).toMatchObject({ ok: false, reason: 'price-not-found' });
        // A sheet changed between the two reads is noticed: another lookup, or another price named.
        const moved = { ...resources[0]!, priceRef: null, sku: 'moved' };
        expect(coversResources(ofSheet, [...resources, moved])).toBe(false);
        expect(coversResources(ofSheet, [...resources, { ...moved, priceRef: randomUUID() }])).toBe(false);
      },
    ),
    { numRuns: 100 },
  );
});
