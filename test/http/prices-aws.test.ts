import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCatalog } from '../support/fake-catalogs/catalog-faults';
import { type FakeAwsProduct, startFakeAwsPriceList } from '../support/fake-catalogs/fake-aws-price-list';
import { expectProblem } from '../support/http-client';
import { type ModelService, type Person, startModelService } from '../support/model-api';
import { listAllPrices, testCatalogTimeoutMs } from '../support/price-catalogs';

/**
 * The AWS Price List over HTTP (part 2 "Prices", cloudB = `aws`; docs/prices.md "AWS"),
 * against a fake of the bulk API at `Svc__Prices__AwsPriceListUrl`: services, regions, the
 * OnDemand rates of a region searched, imports by rate code or all at once, exact prices, and
 * every failure answered 502 with nothing stored.
 */

const instance = (sku: string, instanceType: string, price: string): FakeAwsProduct => ({
  sku,
  productFamily: 'Compute Instance',
  attributes: { instanceType, operatingSystem: 'Linux', location: 'US East (N. Virginia)', servicecode: 'AmazonEC2' },
  onDemand: {
    JRTCKXETXF: {
      effectiveDate: '2025-01-01T00:00:00Z',
      rates: [{ rateCode: `${sku}.JRTCKXETXF.6YS6EN2CT7`, description: `$${price} per On Demand Linux ${instanceType} Instance Hour`, unit: 'Hrs', pricePerUnit: { USD: `${price}000000` } }],
    },
  },
});

const storage: FakeAwsProduct = {
  sku: 'WP9ANXZGBYYSGJEA',
  productFamily: 'Storage',
  attributes: { storageClass: 'General Purpose', volumeType: 'Standard' },
  onDemand: {
    JRTCKXETXF: {
      effectiveDate: '2024-11-01T00:00:00Z',
      rates: [
        { rateCode: 'WP9ANXZGBYYSGJEA.JRTCKXETXF.PGHJ3S3EYE', description: '$0.023 per GB - first 50 TB / month of storage used', unit: 'GB-Mo', pricePerUnit: { USD: '0.0230000000' }, beginRange: '0', endRange: '51200' },
        { rateCode: 'WP9ANXZGBYYSGJEA.JRTCKXETXF.D42MF2PVJS', description: '$0.022 per GB - next 450 TB / month of storage used', unit: 'GB-Mo', pricePerUnit: { USD: '0.0220000000' }, beginRange: '51200', endRange: '512000' },
      ],
    },
  },
};

const lambda: FakeAwsProduct = {
  sku: 'TG3M4CAGBA3NYQBH',
  productFamily: 'Serverless',
  attributes: { group: 'AWS-Lambda-Duration' },
  onDemand: { JRTCKXETXF: { effectiveDate: '2025-02-01T00:00:00Z', rates: [{ rateCode: 'TG3M4CAGBA3NYQBH.JRTCKXETXF.ZSJ4LZXZ5D', description: 'AWS Lambda - Total Compute', unit: 'Lambda-GB-Second', pricePerUnit: { USD: '0.0000166667', CNY: '0.000113' } }] } },
};

/** Transfer out of S3, with prices written as a double prints in full (and a tie at the 13th place, rounded half-even). */
const noisyTransfer: FakeAwsProduct = {
  sku: 'N0ISYTRANSFER000',
  productFamily: 'Data Transfer',
  attributes: { transferType: 'AWS Outbound' },
  onDemand: {
    JRTCKXETXF: {
      effectiveDate: '2025-03-01T00:00:00Z',
      rates: [
        { rateCode: 'N0ISYTRANSFER000.JRTCKXETXF.AAAAAAAAAA', description: 'Transfer out, first tier', unit: 'GB', pricePerUnit: { USD: '0.28800000000000003' } },
        { rateCode: 'N0ISYTRANSFER000.JRTCKXETXF.BBBBBBBBBB', description: 'Transfer out, tie', unit: 'GB', pricePerUnit: { USD: '0.0000000000015' } },
      ],
    },
  },
};

const many: FakeAwsProduct[] = Array.from({ length: 1001 }, (_, i) => instance(`BIG${String(i).padStart(6, '0')}`, `x${i}.large`, '0.1'));

describe('AWS Price List over HTTP', () => {
  let aws: FakeCatalog;
  let m: ModelService;
  let workspaceId: string;
  let viewer: Person;
  const P = () => `/api/workspaces/${workspaceId}/prices`;
  const asOwner = (method: string, path: string, json?: unknown) => m.api(method, path, { session: m.admin.session, ...(json !== undefined ? { json } : {}) });

  beforeAll(async () => {
    aws = await startFakeAwsPriceList({
      offers: [
        { offerCode: 'AmazonEC2', version: '20250101000000', regions: { 'us-east-1': [instance('JRTCKXETXF', 't3.micro', '0.0104'), instance('7MYWT7Y96UT3NJ2D', 't3.small', '0.0208')], 'eu-west-1': [], 'ap-big-1': many } },
        { offerCode: 'AmazonS3', version: '20241101000000', regions: { 'us-east-1': [storage], 'us-west-2': [noisyTransfer] } },
        { offerCode: 'AWSLambda', version: '20250201000000', regions: { 'us-east-1': [lambda] } },
      ],
    });
    m = await startModelService({ Svc__Prices__AwsPriceListUrl: aws.baseUrl, Svc__Prices__CatalogTimeoutMs: String(testCatalogTimeoutMs) });
    workspaceId = await m.createWorkspace('AWS prices');
    viewer = await m.newPerson('viewer@aws.test', [{ workspaceId, role: 'viewer' }]);
  });

  afterAll(async () => {
    await m?.stop();
    await aws?.close();
  });

  it('lists the services and the regions of a service; a service the list lacks is a 400 naming it', async () => {
    const services = await m.api('GET', `${P()}/aws/services`, { session: viewer.session });
    expect(services.status, services.text).toBe(200);
    expect(services.json).toEqual({ items: [{ service: 'AWSLambda' }, { service: 'AmazonEC2' }, { service: 'AmazonS3' }] });
    const regions = await m.api('GET', `${P()}/aws/regions?service=AmazonEC2`, { session: viewer.session });
    expect(regions.json).toEqual({ items: [{ regionCode: 'ap-big-1' }, { regionCode: 'eu-west-1' }, { regionCode: 'us-east-1' }] });
    expect(expectProblem(await asOwner('GET', `${P()}/aws/regions?service=AmazonNothing`), 400).errors).toEqual([{ field: 'service', message: expect.stringContaining('is not a service') }]);
    expect(expectProblem(await asOwner('GET', `${P()}/aws/regions`), 400).errors).toEqual([{ field: 'service', message: 'is required' }]);
  });

  it('searches the OnDemand rates of a region in any case, prices exact; an empty region answers no items', async () => {
    const all = await asOwner('GET', `${P()}/aws/prices?service=AmazonEC2&region=us-east-1`);
    expect(all.status, all.text).toBe(200);
    expect(all.json.truncated).toBe(false);
    expect(all.json.items.map((rate: { sku: string }) => rate.sku)).toEqual(['7MYWT7Y96UT3NJ2D', 'JRTCKXETXF']);
    const micro = await asOwner('GET', `${P()}/aws/prices?service=AmazonEC2&region=us-east-1&search=T3.MICRO`);
    expect(micro.json.items).toEqual([
      {
        rateCode: 'JRTCKXETXF.JRTCKXETXF.6YS6EN2CT7',
        sku: 'JRTCKXETXF',
        productFamily: 'Compute Instance',
        attributes: { instanceType: 't3.micro', operatingSystem: 'Linux', location: 'US East (N. Virginia)', servicecode: 'AmazonEC2' },
        description: '$0.0104 per On Demand Linux t3.micro Instance Hour',
        unit: 'Hrs',
        beginRange: '0',
        endRange: 'Inf',
        currency: 'USD',
        unitPrice: '0.0104',
        roundedFrom: null,
        effectiveDate: '2025-01-01',
      },
    ]);
    const lambdaRates = await asOwner('GET', `${P()}/aws/prices?service=AWSLambda&region=us-east-1`);
    expect(lambdaRates.json.items.map((rate: { currency: string; unitPrice: string }) => `${rate.unitPrice} ${rate.currency}`)).toEqual(['0.000113 CNY', '0.0000166667 USD']);
    expect((await asOwner('GET', `${P()}/aws/prices?service=AmazonEC2&region=eu-west-1`)).json).toEqual({ items: [], truncated: false });
    const big = await asOwner('GET', `${P()}/aws/prices?service=AmazonEC2&region=ap-big-1`);
    expect(big.json.items).toHaveLength(500);
    expect(big.json.truncated).toBe(true);
    expect(expectProblem(await asOwner('GET', `${P()}/aws/prices?service=AmazonEC2&region=mars-1`), 400).errors).toEqual([{ field: 'region', message: expect.stringContaining('is not a region of AmazonEC2') }]);
  });

  it('imports the rates named, or every OnDemand rate with rateCodes null; a repeated import adds nothing', async () => {
    const before = await listAllPrices(m, workspaceId);
    const named = await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'us-east-1', rateCodes: ['JRTCKXETXF.JRTCKXETXF.6YS6EN2CT7'] });
    expect(named.status, named.text).toBe(201);
    expect(named.json.items).toEqual([
      {
        id: expect.any(String),
        workspaceId,
        source: 'aws',
        provider: 'aws',
        region: 'us-east-1',
        sku: 'JRTCKXETXF',
        description: '$0.0104 per On Demand Linux t3.micro Instance Hour',
        unit: 'Hrs',
        unitPrice: '0.0104',
        currency: 'USD',
        effectiveDate: '2025-01-01',
        catalogRef: 'JRTCKXETXF.JRTCKXETXF.6YS6EN2CT7',
        roundedFrom: null,
        createdBy: `user:${m.admin.id}`,
        createdAt: expect.any(String),
      },
    ]);
    const everything = await asOwner('POST', `${P()}/aws`, { service: 'AmazonS3', region: 'us-east-1', rateCodes: null });
    expect(everything.json.items.map((entry: { unitPrice: string; description: string }) => [entry.unitPrice, entry.description])).toEqual([
      ['0.022', '$0.022 per GB - next 450 TB / month of storage used'],
      ['0.023', '$0.023 per GB - first 50 TB / month of storage used'],
    ]);
    const again = await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'us-east-1', rateCodes: null });
    expect(again.json.items.find((entry: { id: string }) => entry.id === named.json.items[0].id)).toEqual(named.json.items[0]);
    expect(await listAllPrices(m, workspaceId)).toHaveLength(before.length + 4);
  });

  it('rounds a price with binary noise half-even to the 12 places kept and notes the figure the list wrote', async () => {
    const rates = await asOwner('GET', `${P()}/aws/prices?service=AmazonS3&region=us-west-2`);
    expect(rates.status, rates.text).toBe(200);
    expect(rates.json.items.map((rate: { unitPrice: string; roundedFrom: string | null }) => [rate.unitPrice, rate.roundedFrom])).toEqual([
      ['0.288', '0.28800000000000003'],
      ['0.000000000002', '0.0000000000015'],
    ]);
    const before = await listAllPrices(m, workspaceId);
    const imported = await asOwner('POST', `${P()}/aws`, { service: 'AmazonS3', region: 'us-west-2', rateCodes: null });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.json.items.map((entry: { unitPrice: string; roundedFrom: string | null }) => [entry.unitPrice, entry.roundedFrom])).toEqual([
      ['0.288', '0.28800000000000003'],
      ['0.000000000002', '0.0000000000015'],
    ]);
    const stored = await listAllPrices(m, workspaceId);
    expect(stored).toHaveLength(before.length + 2);
    expect(stored.filter((price) => price.sku === 'N0ISYTRANSFER000').map((price) => price.unitPrice)).toEqual(['0.288', '0.000000000002']);
  });

  it('refuses rate codes the region lacks, too many rates at once, and bad requests, storing nothing', async () => {
    const before = await listAllPrices(m, workspaceId);
    const unknown = expectProblem(await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'us-east-1', rateCodes: ['JRTCKXETXF.JRTCKXETXF.6YS6EN2CT7', 'NOPE'] }), 400);
    expect(unknown.errors).toEqual([{ field: 'rateCodes[1]', message: 'is not an OnDemand rate of AmazonEC2 in us-east-1' }]);
    expect(expectProblem(await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'ap-big-1', rateCodes: null }), 400).errors[0]).toEqual({ field: 'rateCodes', message: expect.stringContaining('1001 OnDemand rates') });
    expect(expectProblem(await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'us-east-1', rateCodes: [] }), 400).errors[0]!.field).toBe('rateCodes');
    expect(expectProblem(await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'us-east-1' }), 400).errors).toEqual([{ field: 'rateCodes', message: 'is required (it may be null)' }]);
    expectProblem(await m.api('POST', `${P()}/aws`, { session: viewer.session, json: { service: 'AmazonEC2', region: 'us-east-1', rateCodes: null } }), 403, 'forbidden');
    expect(await listAllPrices(m, workspaceId)).toEqual(before);
  });

  const priceList = (request: { rawPath: string }) => request.rawPath.endsWith('/us-east-1/index.json');
  it.each([
    ['a 500 to the service index', (catalog: FakeCatalog) => catalog.failNext(500), 'AWS Price List answered 500 to GET /offers/v1.0/aws/index.json'],
    ['a 503 to the price list', (catalog: FakeCatalog) => catalog.failNext(503, { match: priceList }), 'AWS Price List answered 503 to GET /offers/v1.0/aws/AmazonEC2/20250101000000/us-east-1/index.json'],
    ['a price list slower than the limit', (catalog: FakeCatalog) => catalog.delayNext(testCatalogTimeoutMs + 1500, { match: priceList }), 'did not answer GET /offers/v1.0/aws/AmazonEC2/20250101000000/us-east-1/index.json within 1.5 s'],
    ['a malformed price list', (catalog: FakeCatalog) => catalog.malformedNext({ match: priceList }), 'with a body that is not JSON'],
    ['a price list of another shape', (catalog: FakeCatalog) => catalog.answerNext({ terms: { OnDemand: { X: { 'X.Y': { offerTermCode: 'Y', sku: 'X', effectiveDate: '2025-01-01T00:00:00Z', priceDimensions: { R: { rateCode: 'R', unit: 'Hrs', pricePerUnit: { USD: 'free' } } } } } } } }, { match: priceList }), 'unexpected shape: terms.OnDemand.X.X.Y.priceDimensions.R.pricePerUnit.USD'],
    ['a region index naming a file elsewhere', (catalog: FakeCatalog) => catalog.answerNext({ regions: { 'us-east-1': { regionCode: 'us-east-1', currentVersionUrl: 'https://elsewhere.example/offers/v1.0/x.json' } } }, { match: (request) => request.rawPath.endsWith('region_index.json') }), 'outside its /offers/ files'],
  ])('answers 502 naming AWS for %s; an import then stores nothing', async (_, breakIt, detail) => {
    const before = await listAllPrices(m, workspaceId);
    breakIt(aws);
    const search = expectProblem(await asOwner('GET', `${P()}/aws/prices?service=AmazonEC2&region=us-east-1`), 502, 'bad_gateway');
    expect(search.title).toBe('AWS Price List failed');
    expect(search.detail).toContain(detail);
    breakIt(aws);
    const failed = expectProblem(await asOwner('POST', `${P()}/aws`, { service: 'AmazonEC2', region: 'us-east-1', rateCodes: null }), 502, 'bad_gateway');
    expect(failed.detail).toContain(detail);
    expect(await listAllPrices(m, workspaceId)).toEqual(before);
  });
});
