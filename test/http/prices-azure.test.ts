import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCatalog } from '../support/fake-catalogs/catalog-faults';
import { type FakeAzureItem, parseODataFilter, startFakeAzurePrices } from '../support/fake-catalogs/fake-azure-prices';
import { expectProblem } from '../support/http-client';
import { type ModelService, type Person, startModelService } from '../support/model-api';
import { listAllPrices, saveWorkspaceSettings, testCatalogTimeoutMs } from '../support/price-catalogs';

/**
 * The Azure Retail Prices search and import over HTTP (part 2 "Prices", cloudA = `azure`;
 * docs/prices.md "Azure"), against a fake of the API at the workspace's
 * `cost.azurePricesBaseUrl`: paging by NextPageLink, OData quoting, exact prices, the one price
 * an import keeps, and every failure answered 502 with nothing stored.
 */

const vm = (overrides: Partial<FakeAzureItem>): FakeAzureItem => ({
  currencyCode: 'USD',
  retailPrice: '0.096',
  armRegionName: 'westeurope',
  effectiveStartDate: '2023-05-01T00:00:00Z',
  meterId: 'aa000000-0000-4000-8000-000000000001',
  meterName: 'D2s v3',
  skuId: 'DZH318Z0BQ4L/00SM',
  productName: 'Virtual Machines Dsv3 Series',
  skuName: 'D2s v3',
  serviceName: 'Virtual Machines',
  unitOfMeasure: '1 Hour',
  armSkuName: 'Standard_D2s_v3',
  ...overrides,
});

const items: FakeAzureItem[] = [
  vm({}),
  vm({ type: 'DevTestConsumption', retailPrice: '0.05' }),
  vm({ type: 'Reservation', retailPrice: '500', unitOfMeasure: '1 Hour' }),
  vm({ currencyCode: 'EUR', retailPrice: '0.0885' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000002', skuName: 'D4s v3', meterName: 'D4s v3', armSkuName: 'Standard_D4s_v3', retailPrice: '0.192' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000003', skuName: "D'Artagnan", meterName: "D'Artagnan", retailPrice: '1' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000004', skuName: 'E2 exact', retailPrice: '123456789012.123456' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000005', skuName: 'Tiny', retailPrice: '1.1E-05', armSkuName: '' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000006', serviceName: 'Storage', productName: 'Blob Storage', skuName: 'Hot LRS', armSkuName: '', meterName: 'Hot LRS Data Stored', unitOfMeasure: '1 GB/Month', tierMinimumUnits: '51200', retailPrice: '0.0199' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000006', serviceName: 'Storage', productName: 'Blob Storage', skuName: 'Hot LRS', armSkuName: '', meterName: 'Hot LRS Data Stored', unitOfMeasure: '1 GB/Month', tierMinimumUnits: '0', retailPrice: '0.0208' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000007', skuId: 'SHARED/0001', armRegionName: 'westeurope', retailPrice: '2' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000007', skuId: 'SHARED/0002', armRegionName: 'eastus', retailPrice: '3' }),
  // What a double prints in full, as Azure's answers carry it; and ties at the 13th place, rounded half-even.
  vm({ meterId: 'aa000000-0000-4000-8000-000000000008', serviceName: 'Bandwidth', skuName: 'Noisy', armSkuName: '', retailPrice: '0.28800000000000003', unitPrice: '0.28800000000000003' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000009', serviceName: 'Bandwidth', skuName: 'Tie up', retailPrice: '0.0000000000015' }),
  vm({ meterId: 'aa000000-0000-4000-8000-000000000010', serviceName: 'Bandwidth', skuName: 'Tie down', retailPrice: '0.0000000000025' }),
  // A figure that is no price at all.
  vm({ meterId: 'aa000000-0000-4000-8000-000000000011', serviceName: 'Broken', skuName: 'Negative', retailPrice: '-0.288' }),
];

describe('Azure Retail Prices over HTTP', () => {
  let azure: FakeCatalog;
  let m: ModelService;
  let workspaceId: string;
  let viewer: Person;
  const P = () => `/api/workspaces/${workspaceId}/prices`;
  const asOwner = (method: string, path: string, json?: unknown) => m.api(method, path, { session: m.admin.session, ...(json !== undefined ? { json } : {}) });
  const importMeter = (body: Record<string, unknown>) => asOwner('POST', `${P()}/azure`, { meterId: items[0]!.meterId, skuId: null, armRegionName: null, currency: 'USD', ...body });
  const filtersSent = () => azure.requests.map((request) => new URL(request.path, azure.origin).searchParams);

  beforeAll(async () => {
    azure = await startFakeAzurePrices({ items, pageSize: 2 });
    m = await startModelService({ Svc__Prices__CatalogTimeoutMs: String(testCatalogTimeoutMs) });
    workspaceId = await m.createWorkspace('Azure prices');
    viewer = await m.newPerson('viewer@azure.test', [{ workspaceId, role: 'viewer' }]);
    await saveWorkspaceSettings(m, workspaceId, { cost: { azurePricesBaseUrl: azure.baseUrl, currency: 'USD' } });
  });

  afterAll(async () => {
    await m?.stop();
    await azure?.close();
  });

  it('searches a page at a time: the filter in OData, the cursor following NextPageLink, prices as decimal strings', async () => {
    azure.requests.length = 0;
    const first = await m.api('GET', `${P()}/azure/meters?serviceName=${encodeURIComponent('Virtual Machines')}&region=westeurope`, { session: viewer.session });
    expect(first.status, first.text).toBe(200);
    expect(first.json.currency).toBe('USD');
    expect(first.json.items).toHaveLength(2);
    expect(first.json.items[0]).toEqual({
      meterId: items[0]!.meterId,
      meterName: 'D2s v3',
      skuId: 'DZH318Z0BQ4L/00SM',
      skuName: 'D2s v3',
      armSkuName: 'Standard_D2s_v3',
      productId: 'DZH318Z0BQ4L',
      productName: 'Virtual Machines Dsv3 Series',
      serviceId: 'DZH313Z7MMC8',
      serviceName: 'Virtual Machines',
      serviceFamily: 'Compute',
      armRegionName: 'westeurope',
      location: 'westeurope',
      type: 'Consumption',
      unitOfMeasure: '1 Hour',
      tierMinimumUnits: '0',
      retailPrice: '0.096',
      unitPrice: '0.096',
      roundedFrom: null,
      currency: 'USD',
      effectiveDate: '2023-05-01',
      isPrimaryMeterRegion: true,
    });
    const [sent] = filtersSent();
    expect(sent!.get('currencyCode')).toBe("'USD'");
    expect(parseODataFilter(sent!.get('$filter')!)).toEqual(new Map([['serviceName', 'Virtual Machines'], ['armRegionName', 'westeurope']]));

    const seen = [...first.json.items];
    let cursor = first.json.nextCursor;
    while (cursor) {
      const page = await m.api('GET', `${P()}/azure/meters?serviceName=${encodeURIComponent('Virtual Machines')}&region=westeurope&cursor=${encodeURIComponent(cursor)}`, { session: viewer.session });
      expect(page.status, page.text).toBe(200);
      seen.push(...page.json.items);
      cursor = page.json.nextCursor;
    }
    const expected = items.filter((item) => item.serviceName === 'Virtual Machines' && item.armRegionName === 'westeurope' && item.currencyCode === 'USD');
    expect(seen.map((meter) => meter.retailPrice)).toEqual(['0.096', '0.05', '500', '0.192', '1', '123456789012.123456', '0.000011', '2']);
    expect(seen).toHaveLength(expected.length);
    expect(filtersSent().map((params) => params.get('$skip'))).toEqual([null, '2', '4', '6']);

    // A cursor belongs to its filter.
    expectProblem(await m.api('GET', `${P()}/azure/meters?serviceName=Storage&cursor=${encodeURIComponent(first.json.nextCursor)}`, { session: viewer.session }), 400, 'validation_error');
  });

  it("quotes values for OData (a quote doubled), takes another currency, and answers an empty page", async () => {
    const quoted = await asOwner('GET', `${P()}/azure/meters?skuName=${encodeURIComponent("D'Artagnan")}`);
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.json.items.map((meter: { skuName: string }) => meter.skuName)).toEqual(["D'Artagnan"]);
    expect(filtersSent().at(-1)!.get('$filter')).toBe("skuName eq 'D''Artagnan'");
    const euros = await asOwner('GET', `${P()}/azure/meters?meterName=${encodeURIComponent('D2s v3')}&currency=EUR`);
    expect(euros.json).toMatchObject({ currency: 'EUR', items: [{ retailPrice: '0.0885', currency: 'EUR' }], nextCursor: null });
    const none = await asOwner('GET', `${P()}/azure/meters?serviceName=Nothing`);
    expect(none.json).toEqual({ currency: 'USD', items: [], nextCursor: null });
    expectProblem(await asOwner('GET', `${P()}/azure/meters?currency=usd`), 400, 'validation_error');
    expectProblem(await asOwner('GET', `${P()}/azure/meters?sku=1`), 400, 'validation_error');
  });

  it('imports the pay-as-you-go price of a meter once; the same import again answers the entry already stored', async () => {
    const before = await listAllPrices(m, workspaceId);
    const imported = await importMeter({});
    expect(imported.status, imported.text).toBe(201);
    expect(imported.json).toEqual({
      id: expect.any(String),
      workspaceId,
      source: 'azure',
      provider: 'azure',
      region: 'westeurope',
      sku: 'Standard_D2s_v3',
      description: 'Virtual Machines Dsv3 Series — D2s v3',
      unit: '1 Hour',
      unitPrice: '0.096',
      currency: 'USD',
      effectiveDate: '2023-05-01',
      catalogRef: `${items[0]!.meterId};DZH318Z0BQ4L/00SM;westeurope;Consumption;0`,
      roundedFrom: null,
      createdBy: `user:${m.admin.id}`,
      createdAt: expect.any(String),
    });
    const again = await importMeter({});
    expect(again.status).toBe(201);
    expect(again.json).toEqual(imported.json);
    expect(await listAllPrices(m, workspaceId)).toHaveLength(before.length + 1);
    const euros = await importMeter({ currency: 'EUR' });
    expect(euros.json).toMatchObject({ unitPrice: '0.0885', currency: 'EUR' });
    expect(euros.json.id).not.toBe(imported.json.id);
  });

  it('keeps the digits Azure wrote, takes the first tier of a tiered meter, and asks for skuId and armRegionName when a meter has several', async () => {
    expect((await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000004' })).json.unitPrice).toBe('123456789012.123456');
    const tiny = await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000005' });
    expect(tiny.json).toMatchObject({ unitPrice: '0.000011', sku: 'Tiny' });
    const tiered = await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000006' });
    expect(tiered.json).toMatchObject({ unitPrice: '0.0208', unit: '1 GB/Month', sku: 'Hot LRS' });
    const ambiguous = expectProblem(await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000007' }), 400, 'validation_error');
    expect(ambiguous.errors.map((error) => error.field)).toEqual(['skuId', 'armRegionName']);
    expect(ambiguous.errors[0]!.message).toContain('SHARED/0001 in westeurope');
    const chosen = await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000007', skuId: 'SHARED/0002', armRegionName: 'eastus' });
    expect(chosen.json).toMatchObject({ unitPrice: '3', region: 'eastus' });
    expect(expectProblem(await importMeter({ meterId: 'no-such-meter' }), 400).errors).toEqual([{ field: 'meterId', message: expect.stringContaining('no Azure retail price') }]);
    expect(expectProblem(await importMeter({ currency: 'usd', skuId: undefined }), 400).errors.map((error) => error.field).sort()).toEqual(['currency', 'skuId']);
  });

  it('rounds a price with binary noise half-even to the 12 places kept and notes the figure Azure wrote; a price that is no amount still fails', async () => {
    const meters = [];
    for (let cursor = ''; ; ) {
      const listed = await m.api('GET', `${P()}/azure/meters?serviceName=Bandwidth${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { session: viewer.session });
      expect(listed.status, listed.text).toBe(200);
      meters.push(...listed.json.items);
      if (!listed.json.nextCursor) break;
      cursor = listed.json.nextCursor;
    }
    expect(meters.map((meter: { skuName: string; retailPrice: string; unitPrice: string; roundedFrom: string | null }) => [meter.skuName, meter.retailPrice, meter.unitPrice, meter.roundedFrom])).toEqual([
      ['Noisy', '0.288', '0.288', '0.28800000000000003'],
      ['Tie up', '0.000000000002', '0.000000000002', '0.0000000000015'],
      ['Tie down', '0.000000000002', '0.000000000002', '0.0000000000025'],
    ]);
    const before = await listAllPrices(m, workspaceId);
    const noisy = await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000008' });
    expect(noisy.status, noisy.text).toBe(201);
    expect(noisy.json).toMatchObject({ sku: 'Noisy', unitPrice: '0.288', roundedFrom: '0.28800000000000003' });
    const stored = await listAllPrices(m, workspaceId);
    expect(stored).toHaveLength(before.length + 1);
    expect(stored.find((price) => price.id === noisy.json.id)).toMatchObject({ unitPrice: '0.288', roundedFrom: '0.28800000000000003' });
    const row = await m.database.db.selectFrom('price_entries').select(sql<boolean>`unit_price = 0.288000000000`.as('exact')).where('id', '=', noisy.json.id).executeTakeFirstOrThrow();
    expect(row.exact).toBe(true);

    const broken = expectProblem(await asOwner('GET', `${P()}/azure/meters?serviceName=Broken`), 502, 'bad_gateway');
    expect(broken.detail).toContain('Items.0.retailPrice');
    expectProblem(await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000011' }), 502, 'bad_gateway');
    expect(await listAllPrices(m, workspaceId)).toHaveLength(before.length + 1);
  });

  it('follows NextPageLink through an import of a meter spread over pages', async () => {
    azure.requests.length = 0;
    const spread = await importMeter({ skuId: 'DZH318Z0BQ4L/00SM' });
    expect(spread.status, spread.text).toBe(201);
    // Three USD prices of the meter (pay-as-you-go, dev/test, reservation) in pages of two.
    expect(filtersSent().map((params) => params.get('$skip'))).toEqual([null, '2']);
    expect(spread.json).toMatchObject({ unitPrice: '0.096', catalogRef: expect.stringContaining(';Consumption;') });
  });

  it.each([
    ['a 500', (catalog: FakeCatalog) => catalog.failNext(500), 'Azure Retail Prices answered 500 to GET /api/retail/prices'],
    ['an answer slower than the limit', (catalog: FakeCatalog) => catalog.delayNext(testCatalogTimeoutMs + 1500), 'Azure Retail Prices did not answer GET /api/retail/prices within 1.5 s'],
    ['malformed JSON', (catalog: FakeCatalog) => catalog.malformedNext(), 'with a body that is not JSON'],
    ['JSON of another shape', (catalog: FakeCatalog) => catalog.answerNext({ Items: [{ meterId: 7 }] }), 'JSON of an unexpected shape: Items.0'],
  ])('answers 502 naming Azure for %s; an import then stores nothing', async (_, breakIt, detail) => {
    const before = await listAllPrices(m, workspaceId);
    breakIt(azure);
    const search = expectProblem(await asOwner('GET', `${P()}/azure/meters?serviceName=${encodeURIComponent('Virtual Machines')}`), 502, 'bad_gateway');
    expect(search.title).toBe('Azure Retail Prices failed');
    expect(search.detail).toContain(detail);
    breakIt(azure);
    const failed = expectProblem(await importMeter({ meterId: 'aa000000-0000-4000-8000-000000000004' }), 502, 'bad_gateway');
    expect(failed.detail).toContain(detail);
    expect(await listAllPrices(m, workspaceId)).toEqual(before);
  });

  it('stores nothing when the second page of an import fails', async () => {
    const before = await listAllPrices(m, workspaceId);
    azure.failNext(503, { match: (request) => request.query.get('$skip') === '2' });
    const failed = expectProblem(await importMeter({ currency: 'USD' }), 502, 'bad_gateway');
    expect(failed.detail).toContain('Azure Retail Prices answered 503');
    expect(await listAllPrices(m, workspaceId)).toEqual(before);
  });

  it('refuses the search and the import with 409 while cost.azurePricesBaseUrl is empty; viewers and tokens may not import', async () => {
    expectProblem(await m.api('POST', `${P()}/azure`, { session: viewer.session, json: { meterId: 'x', skuId: null, armRegionName: null, currency: 'USD' } }), 403, 'forbidden');
    const token = await m.createToken(workspaceId, ['read']);
    expectProblem(await m.api('GET', `${P()}/azure/meters`, { token }), 403);
    await saveWorkspaceSettings(m, workspaceId, { cost: { azurePricesBaseUrl: '' } });
    const sent = azure.requests.length;
    const off = expectProblem(await asOwner('GET', `${P()}/azure/meters`), 409, 'conflict');
    expect(off.errors).toEqual([{ field: 'cost.azurePricesBaseUrl', message: expect.stringContaining('off') }]);
    expectProblem(await importMeter({}), 409, 'conflict');
    expect(azure.requests.length).toBe(sent);
    await saveWorkspaceSettings(m, workspaceId, { cost: { azurePricesBaseUrl: azure.baseUrl } });
  });
});
