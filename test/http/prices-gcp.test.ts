import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCatalog } from '../support/fake-catalogs/catalog-faults';
import { type FakeGcpSku, startFakeGcpBilling } from '../support/fake-catalogs/fake-gcp-billing';
import { expectProblem } from '../support/http-client';
import { type ModelService, type Person, startModelService } from '../support/model-api';
import { listAllPrices, testCatalogTimeoutMs } from '../support/price-catalogs';

/**
 * The Google Cloud Billing Catalog over HTTP (part 2 "Prices", cloudC = `gcp`; docs/prices.md
 * "Google Cloud"), against a fake of the API at `Svc__Prices__GcpBillingUrl`: the workspace key
 * `gcp:apiKey` (bound to that address, sent as `key=`, never answered or logged), paging by
 * nextPageToken, units + nanos read exactly, one price per tier, and every failure answered
 * 502 with nothing stored.
 */

const apiKey = 'AIzaSyTEST-key-for-the-fake-0123456789';
const compute = '6F81-5844-456A';
const gcpSkus: FakeGcpSku[] = [
  { serviceId: compute, skuId: 'CF4E-A0C7-E3BF', description: 'E2 Instance Core running in Belgium', serviceRegions: ['europe-west1'], usageUnit: 'h', effectiveTime: '2025-03-04T05:06:07.890Z', prices: { USD: [{ startUsageAmount: 0, units: '0', nanos: 21811590 }], EUR: [{ startUsageAmount: 0, units: '0', nanos: 20100000 }] } },
  {
    serviceId: compute,
    skuId: '9D64-8A4F-7D8C',
    description: 'Network Internet Egress from EMEA',
    resourceFamily: 'Network',
    serviceRegions: ['global'],
    usageUnit: 'GiBy',
    effectiveTime: '2025-03-04T00:00:00Z',
    prices: { USD: [{ startUsageAmount: 0, units: '0', nanos: 0 }, { startUsageAmount: 1024, units: '0', nanos: 120000000 }, { startUsageAmount: 10240, units: '0', nanos: 110000000 }] },
  },
  { serviceId: compute, skuId: 'A1B2-C3D4-E5F6', description: 'Sole tenancy premium', serviceRegions: ['europe-west1', 'us-central1'], usageUnit: 'h', effectiveTime: '2025-03-04T00:00:00Z', prices: { USD: [{ startUsageAmount: 0, units: '12345', nanos: 678901234 }] } },
  { serviceId: compute, skuId: 'NOPR-ICE0-0000', description: 'Commitment without a public price', serviceRegions: ['europe-west1'], usageUnit: 'h', effectiveTime: '2025-03-04T00:00:00Z', prices: {} },
  { serviceId: compute, skuId: 'US00-0000-0001', description: 'E2 Instance Core running in Iowa', serviceRegions: ['us-central1'], usageUnit: 'h', effectiveTime: '2025-03-04T00:00:00Z', prices: { USD: [{ startUsageAmount: 0, units: '0', nanos: 21811590 }] } },
];

describe('Google Cloud Billing Catalog over HTTP', () => {
  let gcp: FakeCatalog;
  let m: ModelService;
  let workspaceId: string;
  let viewer: Person;
  const P = () => `/api/workspaces/${workspaceId}/prices`;
  const asOwner = (method: string, path: string, json?: unknown) => m.api(method, path, { session: m.admin.session, ...(json !== undefined ? { json } : {}) });
  const importSkus = (body: Record<string, unknown>) => asOwner('POST', `${P()}/gcp`, { serviceId: compute, region: 'europe-west1', currency: 'USD', skuIds: null, ...body });
  const keysSent = () => gcp.requests.map((request) => new URL(request.path, gcp.origin).searchParams.get('key'));

  beforeAll(async () => {
    gcp = await startFakeGcpBilling({
      apiKey,
      pageSize: 2,
      services: [
        { serviceId: compute, displayName: 'Compute Engine' },
        { serviceId: '95FF-2EF5-5EA1', displayName: 'Cloud Storage' },
        { serviceId: '152E-C115-5142', displayName: 'Cloud Run' },
        { serviceId: '9662-B51E-5089', displayName: 'Cloud SQL' },
        { serviceId: 'E505-1604-58F8', displayName: 'BigQuery' },
      ],
      skus: gcpSkus,
    });
    m = await startModelService({ Svc__Prices__GcpBillingUrl: gcp.baseUrl, Svc__Prices__CatalogTimeoutMs: String(testCatalogTimeoutMs) });
    workspaceId = await m.createWorkspace('Google prices');
    viewer = await m.newPerson('viewer@gcp.test', [{ workspaceId, role: 'viewer' }]);
  });

  afterAll(async () => {
    await m?.stop();
    await gcp?.close();
  });

  it('answers 409 naming gcp:apiKey until the workspace saves the key, which is then bound to the catalog address', async () => {
    for (const answer of [await asOwner('GET', `${P()}/gcp/services`), await asOwner('GET', `${P()}/gcp/skus?serviceId=${compute}`), await importSkus({})]) {
      const problem = expectProblem(answer, 409, 'conflict');
      expect(problem.errors).toEqual([{ field: 'gcp:apiKey', message: `is not set for ${gcp.origin}` }]);
    }
    expect(gcp.requests).toHaveLength(0);
    expect((await asOwner('PUT', `/api/workspaces/${workspaceId}/secrets/gcp:apiKey`, { value: apiKey })).status).toBe(204);
    const secrets = await asOwner('GET', `/api/workspaces/${workspaceId}/secrets`);
    expect(secrets.json.items.find((secret: { name: string }) => secret.name === 'gcp:apiKey')).toMatchObject({ status: 'ok', savedForOrigin: gcp.origin, currentOrigin: gcp.origin });
  });

  it('lists every service through the pages, the key sent as key= and never answered', async () => {
    gcp.requests.length = 0;
    const services = await m.api('GET', `${P()}/gcp/services`, { session: viewer.session });
    expect(services.status, services.text).toBe(200);
    expect(services.json.items.map((service: { displayName: string }) => service.displayName)).toEqual(['BigQuery', 'Cloud Run', 'Cloud SQL', 'Cloud Storage', 'Compute Engine']);
    expect(services.json.items[4]).toEqual({ serviceId: compute, displayName: 'Compute Engine', businessEntityName: 'businessEntities/GCP' });
    expect(gcp.requests.map((request) => new URL(request.path, gcp.origin).searchParams.get('pageToken') ?? '')).toEqual(['', expect.any(String), expect.any(String)]);
    expect(keysSent()).toEqual([apiKey, apiKey, apiKey]);
    expect(services.text).not.toContain(apiKey);
  });

  it('searches the SKUs of a region (global ones too) with exact prices per tier, in the settings currency or another', async () => {
    const region = await asOwner('GET', `${P()}/gcp/skus?serviceId=${compute}&region=europe-west1`);
    expect(region.status, region.text).toBe(200);
    expect(region.json.currency).toBe('USD');
    expect(region.json.truncated).toBe(false);
    expect(region.json.items.map((sku: { skuId: string }) => sku.skuId)).toEqual(['CF4E-A0C7-E3BF', '9D64-8A4F-7D8C', 'A1B2-C3D4-E5F6', 'NOPR-ICE0-0000']);
    expect(region.json.items[0]).toEqual({
      skuId: 'CF4E-A0C7-E3BF',
      description: 'E2 Instance Core running in Belgium',
      category: { serviceDisplayName: 'Compute Engine', resourceFamily: 'Compute', resourceGroup: 'N1Standard', usageType: 'OnDemand' },
      serviceRegions: ['europe-west1'],
      usageUnit: 'h',
      usageUnitDescription: 'h of use',
      currency: 'USD',
      effectiveDate: '2025-03-04',
      tiers: [{ startUsageAmount: '0', unitPrice: '0.02181159' }],
    });
    expect(region.json.items[1].tiers).toEqual([
      { startUsageAmount: '0', unitPrice: '0' },
      { startUsageAmount: '1024', unitPrice: '0.12' },
      { startUsageAmount: '10240', unitPrice: '0.11' },
    ]);
    expect(region.json.items[2].tiers).toEqual([{ startUsageAmount: '0', unitPrice: '12345.678901234' }]);
    expect(region.json.items[3]).toMatchObject({ usageUnit: null, currency: null, effectiveDate: null, tiers: [] });
    const searched = await asOwner('GET', `${P()}/gcp/skus?serviceId=${compute}&search=iowa&currency=EUR`);
    expect(searched.json).toMatchObject({ currency: 'EUR', items: [{ skuId: 'US00-0000-0001', tiers: [] }] });
    const euros = await asOwner('GET', `${P()}/gcp/skus?serviceId=${compute}&search=belgium&currency=EUR`);
    expect(euros.json.items[0].tiers).toEqual([{ startUsageAmount: '0', unitPrice: '0.0201' }]);
    expect(expectProblem(await asOwner('GET', `${P()}/gcp/skus?serviceId=0000-0000-0000`), 400).errors).toEqual([{ field: 'serviceId', message: expect.stringContaining('is not a service ID') }]);
    expect(expectProblem(await asOwner('GET', `${P()}/gcp/skus`), 400).errors).toEqual([{ field: 'serviceId', message: 'is required' }]);
  });

  it('reads empty pages: a service without SKUs, and an empty page Google answers before the next one', async () => {
    const none = await asOwner('GET', `${P()}/gcp/skus?serviceId=95FF-2EF5-5EA1`);
    expect(none.status, none.text).toBe(200);
    expect(none.json).toEqual({ currency: 'USD', items: [], truncated: false });
    gcp.answerNext({ nextPageToken: Buffer.from('offset:0').toString('base64url') }, { match: (request) => request.rawPath.includes('/skus') && request.query.get('pageToken') === null });
    const after = await asOwner('GET', `${P()}/gcp/skus?serviceId=${compute}&search=belgium`);
    expect(after.json.items.map((sku: { skuId: string }) => sku.skuId)).toEqual(['CF4E-A0C7-E3BF']);
  });

  it('imports one price per tier of the SKUs named or of every priced SKU of the region; a repeated import adds nothing', async () => {
    const before = await listAllPrices(m, workspaceId);
    const one = await importSkus({ skuIds: ['CF4E-A0C7-E3BF'] });
    expect(one.status, one.text).toBe(201);
    expect(one.json.items).toEqual([
      {
        id: expect.any(String),
        workspaceId,
        source: 'gcp',
        provider: 'gcp',
        region: 'europe-west1',
        sku: 'CF4E-A0C7-E3BF',
        description: 'E2 Instance Core running in Belgium',
        unit: 'h',
        unitPrice: '0.02181159',
        currency: 'USD',
        effectiveDate: '2025-03-04',
        catalogRef: 'CF4E-A0C7-E3BF@0',
        roundedFrom: null,
        createdBy: `user:${m.admin.id}`,
        createdAt: expect.any(String),
      },
    ]);
    const all = await importSkus({});
    expect(all.json.items.map((entry: { catalogRef: string; unitPrice: string }) => `${entry.catalogRef} ${entry.unitPrice}`)).toEqual([
      'CF4E-A0C7-E3BF@0 0.02181159',
      '9D64-8A4F-7D8C@0 0',
      '9D64-8A4F-7D8C@1024 0.12',
      '9D64-8A4F-7D8C@10240 0.11',
      'A1B2-C3D4-E5F6@0 12345.678901234',
    ]);
    expect(all.json.items[0].id).toBe(one.json.items[0].id);
    expect(all.json.items[2].description).toBe('Network Internet Egress from EMEA (from 1024 GiBy)');
    const anywhere = await importSkus({ region: null, skuIds: ['US00-0000-0001'] });
    expect(anywhere.json.items[0]).toMatchObject({ region: 'us-central1' });
    expect(await listAllPrices(m, workspaceId)).toHaveLength(before.length + 6);
  });

  it('refuses SKUs the service or region lacks or that have no price, storing nothing', async () => {
    const before = await listAllPrices(m, workspaceId);
    const refused = expectProblem(await importSkus({ skuIds: ['NOPR-ICE0-0000', 'US00-0000-0001', 'ZZZZ-ZZZZ-ZZZZ'] }), 400);
    expect(refused.errors).toEqual([
      { field: 'skuIds[0]', message: 'has no price in the catalog' },
      { field: 'skuIds[1]', message: 'is not offered in europe-west1' },
      { field: 'skuIds[2]', message: `is not a SKU of service ${compute}` },
    ]);
    expect(expectProblem(await importSkus({ skuIds: ['A', 'A'] }), 400).errors[0]).toEqual({ field: 'skuIds', message: 'must not name one twice' });
    expectProblem(await m.api('POST', `${P()}/gcp`, { session: viewer.session, json: { serviceId: compute, region: null, currency: 'USD', skuIds: null } }), 403, 'forbidden');
    expect(await listAllPrices(m, workspaceId)).toEqual(before);
  });

  const secondPage = (request: { query: URLSearchParams; rawPath: string }) => request.rawPath.includes('/skus') && request.query.get('pageToken') !== null;
  it.each([
    ['a 500', (catalog: FakeCatalog) => catalog.failNext(500), 'Google Cloud Billing Catalog answered 500 to GET /v1/services/6F81-5844-456A/skus: The service is currently unavailable (500).'],
    ['a 503 on the second page', (catalog: FakeCatalog) => catalog.failNext(503, { match: secondPage }), 'answered 503'],
    ['an answer slower than the limit', (catalog: FakeCatalog) => catalog.delayNext(testCatalogTimeoutMs + 1500, { match: secondPage }), 'did not answer GET /v1/services/6F81-5844-456A/skus within 1.5 s'],
    ['malformed JSON', (catalog: FakeCatalog) => catalog.malformedNext(), 'with a body that is not JSON'],
    ['JSON of another shape', (catalog: FakeCatalog) => catalog.answerNext({ skus: [{ skuId: 'X', pricingInfo: [{ effectiveTime: 'yesterday', pricingExpression: { usageUnit: 'h' } }] }] }), 'unexpected shape: skus.0.pricingInfo.0.effectiveTime'],
    ['a negative price', (catalog: FakeCatalog) => catalog.answerNext({ skus: [{ skuId: 'X', pricingInfo: [{ effectiveTime: '2025-01-01T00:00:00Z', pricingExpression: { usageUnit: 'h', tieredRates: [{ unitPrice: { units: '-1' } }] } }] }] }), 'must not be negative'],
  ])('answers 502 naming Google for %s; an import then stores nothing', async (_, breakIt, detail) => {
    const before = await listAllPrices(m, workspaceId);
    breakIt(gcp);
    const search = expectProblem(await asOwner('GET', `${P()}/gcp/skus?serviceId=${compute}`), 502, 'bad_gateway');
    expect(search.title).toBe('Google Cloud Billing Catalog failed');
    expect(search.detail).toContain(detail);
    breakIt(gcp);
    const failed = expectProblem(await importSkus({}), 502, 'bad_gateway');
    expect(failed.detail).toContain(detail);
    expect(await listAllPrices(m, workspaceId)).toEqual(before);
  });

  it('a key Google refuses is a 502 that does not repeat it; the key is never in the service log', async () => {
    expect((await asOwner('PUT', `/api/workspaces/${workspaceId}/secrets/gcp:apiKey`, { value: 'AIzaSyWRONG-key-0000' })).status).toBe(204);
    const refused = expectProblem(await asOwner('GET', `${P()}/gcp/services`), 502, 'bad_gateway');
    expect(refused.detail).toBe('Google Cloud Billing Catalog answered 400 to GET /v1/services: API key not valid. Please pass a valid API key.');
    expect(refused.detail).not.toContain('WRONG');
    expect(m.service.output()).not.toContain(apiKey);
    expect(m.service.output()).not.toContain('AIzaSyWRONG');
  });
});
