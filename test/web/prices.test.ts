import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCatalog } from '../support/fake-catalogs/catalog-faults';
import { type FakeAwsProduct, startFakeAwsPriceList } from '../support/fake-catalogs/fake-aws-price-list';
import { type FakeAzureItem, startFakeAzurePrices } from '../support/fake-catalogs/fake-azure-prices';
import { startFakeGcpBilling } from '../support/fake-catalogs/fake-gcp-billing';
import { idFor } from '../support/model-api';
import { saveWorkspaceSettings, testCatalogTimeoutMs } from '../support/price-catalogs';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The workspace prices screen in Debian's chromium against the built server (issue 20): a
 * custom price added in the UI with the API's message beside the field it is about, a CSV read
 * from a file with a refused row named by its line in the file and a wrong header refused, a
 * price a cost sheet uses kept with the sheets named, one Azure retail price found and imported
 * from a fake of the Azure Retail Prices API and that catalog's failure shown in its words, AWS
 * rates and Google Cloud SKUs chosen and imported from fakes of their APIs, the Google panel
 * without its key pointing to the credentials, and a viewer who only reads.
 */

if (chromiumMissing) console.log(`prices: browser tests skipped: ${chromiumMissing}`);

const seed = '3c0e5d7a-5b8e-4d0a-9f3e-7a1d2c4b6e80';
const id = (label: string) => idFor(seed, label);

const azureItems: FakeAzureItem[] = [
  {
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
  },
  {
    currencyCode: 'USD',
    retailPrice: '123456789012.123456',
    armRegionName: 'westeurope',
    effectiveStartDate: '2024-02-01T00:00:00Z',
    meterId: 'aa000000-0000-4000-8000-000000000002',
    meterName: 'E64 exact',
    skuId: 'DZH318Z0BQ4L/00XX',
    productName: 'Virtual Machines Ev3 Series',
    skuName: 'E64 exact',
    serviceName: 'Virtual Machines',
    unitOfMeasure: '1 Hour',
    armSkuName: 'Standard_E64_v3',
  },
  {
    currencyCode: 'USD',
    // What a catalog that prints doubles sends: 0.288 with binary noise.
    retailPrice: '0.28800000000000003',
    armRegionName: 'westeurope',
    effectiveStartDate: '2024-03-01T00:00:00Z',
    meterId: 'aa000000-0000-4000-8000-000000000003',
    meterName: 'F2 noisy',
    skuId: 'DZH318Z0BQ4L/00FF',
    productName: 'Virtual Machines Fsv2 Series',
    skuName: 'F2 noisy',
    serviceName: 'Virtual Machines',
    unitOfMeasure: '1 Hour',
    armSkuName: 'Standard_F2s_v2',
  },
];

const awsInstance = (sku: string, instanceType: string, price: string): FakeAwsProduct => ({
  sku,
  productFamily: 'Compute Instance',
  attributes: { instanceType, operatingSystem: 'Linux' },
  onDemand: { JRTCKXETXF: { effectiveDate: '2025-01-01T00:00:00Z', rates: [{ rateCode: `${sku}.JRTCKXETXF.6YS6EN2CT7`, description: `$${price} per On Demand Linux ${instanceType} Instance Hour`, unit: 'Hrs', pricePerUnit: { USD: `${price}000000` } }] } },
});

const gcpKey = 'AIzaSyTEST-key-for-the-browser-0123456';
const gcpCompute = '6F81-5844-456A';

/** A small model: one system with one app, enough for a cost sheet to name an element. */
const shopDocument = {
  version: '1.0',
  project: { name: 'Shop' },
  elements: [
    { id: id('shop'), kind: 'system', name: 'Shop', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null },
    { id: id('web'), kind: 'app', name: 'Web shop', description: null, technology: null, status: 'current', parentId: id('shop'), tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null },
  ],
  relationships: [],
};

describe.skipIf(chromiumMissing !== null)('prices screen in the browser', () => {
  let session: WebSession;
  let page: Page;
  let azure: FakeCatalog;
  let aws: FakeCatalog;
  let gcp: FakeCatalog;
  let workspaceId: string;
  const pricesPath = () => `/w/${workspaceId}/prices`;
  const api = (method: string, path: string, json?: unknown) => session.model.api(method, path, { session: session.model.admin.session, ...(json === undefined ? {} : { json }) });
  const priceRow = (sku: string) => page.locator('table.prices-table tbody tr', { has: page.locator('code', { hasText: new RegExp(`^${sku.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  const addPanel = async (label: string) => page.getByRole('navigation', { name: 'Ways to add prices' }).getByRole('link', { name: label, exact: true }).click();

  beforeAll(async () => {
    azure = await startFakeAzurePrices({ items: azureItems });
    aws = await startFakeAwsPriceList({
      offers: [{ offerCode: 'AmazonEC2', version: '20250101000000', regions: { 'us-east-1': [awsInstance('JRTCKXETXF', 't3.micro', '0.0104'), awsInstance('7MYWT7Y96UT3NJ2D', 't3.small', '0.0208')], 'eu-west-1': [] } }],
    });
    gcp = await startFakeGcpBilling({
      apiKey: gcpKey,
      services: [{ serviceId: gcpCompute, displayName: 'Compute Engine' }],
      skus: [
        { serviceId: gcpCompute, skuId: 'A1B2-C3D4-E5F6', description: 'Sole tenancy premium', serviceRegions: ['europe-west1'], usageUnit: 'h', effectiveTime: '2025-03-04T00:00:00Z', prices: { USD: [{ startUsageAmount: 0, units: '12345', nanos: 678901234 }] } },
        { serviceId: gcpCompute, skuId: 'US00-0000-0001', description: 'E2 Instance Core running in Iowa', serviceRegions: ['us-central1'], usageUnit: 'h', effectiveTime: '2025-03-04T00:00:00Z', prices: { USD: [{ startUsageAmount: 0, units: '0', nanos: 21811590 }] } },
      ],
    });
    session = await startWebSession({ environment: { Svc__Prices__AwsPriceListUrl: aws.baseUrl, Svc__Prices__GcpBillingUrl: gcp.baseUrl, Svc__Prices__CatalogTimeoutMs: String(testCatalogTimeoutMs) } });
    page = session.page;
    workspaceId = (await api('GET', '/api/workspaces')).json.items[0].id;
    await saveWorkspaceSettings(session.model, workspaceId, { cost: { azurePricesBaseUrl: azure.baseUrl, currency: 'USD' } });
  }, 120_000);

  afterAll(async () => {
    await session?.stop();
    await azure?.close();
    await aws?.close();
    await gcp?.close();
  });

  it('adds a custom price in the UI, with the API message beside the field it is about', async () => {
    await session.open(`/w/${workspaceId}`);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Prices' }).click();
    await page.getByRole('heading', { name: 'Prices', level: 1 }).waitFor();
    await page.getByText('No prices yet.').waitFor();

    await page.getByLabel('Provider', { exact: true }).fill('aws');
    await page.getByLabel('Region (optional)').fill('us-east-1');
    await page.getByLabel('SKU', { exact: true }).fill('t3.micro');
    await page.getByLabel('Unit', { exact: true }).fill('Hrs');
    await page.getByLabel('Unit price').fill('0.01040');
    await page.getByLabel('Currency').fill('usd');
    await page.getByLabel('Effective from').fill('2026-01-01');
    await page.getByRole('button', { name: 'Add price' }).click();
    // The currency is refused; its message stands beside the currency field, and nothing was added.
    const currencyError = page.locator('[data-field="currency"] .field-error');
    await currencyError.waitFor();
    expect(await currencyError.innerText()).toContain('three upper-case letters');
    expect(await page.locator('[data-field="unitPrice"] .field-error').count()).toBe(0);
    expect((await api('GET', `/api/workspaces/${workspaceId}/prices`)).json.items).toEqual([]);

    await page.getByLabel('Currency').fill('USD');
    await page.getByRole('button', { name: 'Add price' }).click();
    await page.getByRole('status').filter({ hasText: 'Added aws us-east-1 t3.micro · 0.0104 USD per Hrs from 2026-01-01' }).waitFor();
    const row = priceRow('t3.micro');
    await row.waitFor();
    // The unit price exactly as the API's decimal string (canonical: the trailing zero gone).
    expect(await row.locator('td.prices-amount').innerText()).toBe('0.0104');
    expect(await row.innerText()).toContain('custom');
    expect(await page.locator('[data-field="currency"] .field-error').count()).toBe(0);
  }, 60_000);

  it('imports a CSV read from a file: the added count, the refused row by its line in the file, and a wrong header refused', async () => {
    await session.open(pricesPath());
    await addPanel('CSV');
    const csv = [
      'provider,region,sku,description,unit,unitPrice,currency,effectiveDate',
      'azure,westeurope,Standard LRS,"Disk,',
      'two lines",1 GB/Month,0.0184,EUR,2026-02-15',
      '',
      'azure,westeurope,Broken,,1 Hour,-1,USD,2026-01-01',
      'gcp,,E2 exact,,1 Hour,123456789012.123456789012,USD,2026-03-01',
    ].join('\n');
    await page.getByLabel('Read a CSV file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByLabel('CSV text').inputValue()).toBe(csv);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Added 2' });
    await result.waitFor();
    expect(await result.innerText()).toContain('refused 1');
    // The quoted line break and the empty line move the refused row to line 5 of the file.
    const refused = page.locator('table.prices-refused tbody tr');
    expect(await refused.count()).toBe(1);
    expect(await refused.locator('td').first().innerText()).toBe('5');
    expect(await refused.innerText()).toContain('unitPrice');
    await priceRow('E2 exact').waitFor();
    expect(await priceRow('E2 exact').locator('td.prices-amount').innerText()).toBe('123456789012.123456789012');
    expect(await priceRow('Standard LRS').innerText()).toContain('Disk,\ntwo lines');
    await takeScreenshot(page, 'prices-csv');

    await page.getByLabel('CSV text').fill('provider,sku\naws,t3.nano');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const headerError = page.locator('[data-field="csv"] .field-error');
    await headerError.waitFor();
    expect(await headerError.innerText()).toContain('line 1: the header must name exactly the columns');
    expect(await priceRow('t3.nano').count()).toBe(0);
  }, 60_000);

  it('keeps a price a cost sheet uses, naming the sheet, and deletes one no sheet uses', async () => {
    const project = await session.model.createProject(workspaceId, 'Shop');
    const imported = await session.model.importModel(project.id, shopDocument);
    expect(imported.status, imported.text).toBe(200);
    const prices = (await api('GET', `/api/workspaces/${workspaceId}/prices?limit=200`)).json.items as { id: string; sku: string }[];
    const used = prices.find((p) => p.sku === 't3.micro')!;
    const resource = { id: null, elementId: id('web'), name: 'Batch', category: 'compute', provider: 'aws', region: 'us-east-1', sku: 't3.micro', quantity: 2, unit: null, priceRef: used.id, usage: null, factStatus: null, provenance: null };
    expect((await api('POST', `/api/projects/${project.id}/costs/resources`, resource)).status).toBe(201);

    await session.open(pricesPath());
    await page.getByRole('button', { name: 'Delete price t3.micro' }).click();
    await page.getByRole('button', { name: 'Yes, delete price t3.micro' }).click();
    const refusal = page.locator('.error-notice').filter({ hasText: 'Price in use' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('used by the cost sheet of project "Shop", main (resources "Batch")');
    expect(await priceRow('t3.micro').count()).toBe(1);

    await page.getByRole('button', { name: 'Delete price E2 exact' }).click();
    await page.getByRole('button', { name: 'Yes, delete price E2 exact' }).click();
    await expect.poll(() => priceRow('E2 exact').count()).toBe(0);
    expect((await api('GET', `/api/workspaces/${workspaceId}/prices?limit=200`)).json.items.map((p: { sku: string }) => p.sku)).not.toContain('E2 exact');
  }, 60_000);

  it('finds Azure retail prices in the fake catalog and imports one; a failing catalog is shown in its own words', async () => {
    await session.open(`${pricesPath()}?add=azure`);
    await page.getByLabel('Service').fill('Virtual Machines');
    await page.getByLabel('Region').fill('westeurope');
    await page.getByRole('button', { name: 'Search Azure' }).click();
    const meters = page.locator('.prices-catalog table tbody tr');
    await expect.poll(() => meters.count()).toBe(3);
    // The catalog's price as a decimal string, digit for digit.
    expect(await meters.nth(1).innerText()).toContain('123456789012.123456');
    // A price with a double's noise is shown rounded to 12 places, the catalog's figure on hover.
    // The cells of the tier's minimum units and of the price are both amounts: the price is the second.
    const noisy = meters.filter({ hasText: 'F2 noisy' }).locator('td.prices-amount').nth(1);
    expect(await noisy.innerText()).toBe('0.288');
    expect(await noisy.getAttribute('title')).toBe("Rounded to 12 places from the catalog's 0.28800000000000003");
    expect(await meters.nth(1).locator('td.prices-amount').nth(1).getAttribute('title')).toBeNull();
    expect(azure.requests.at(-1)?.path).toContain('westeurope');
    await meters.first().scrollIntoViewIfNeeded();
    await takeScreenshot(page, 'prices-azure');

    await page.getByRole('button', { name: 'Import D2s v3 in westeurope' }).click();
    await page.getByRole('status').filter({ hasText: 'Added azure westeurope Standard_D2s_v3 · 0.096 USD per 1 Hour from 2023-05-01' }).waitFor();
    const row = priceRow('Standard_D2s_v3');
    await row.waitFor();
    expect(await row.locator('td.prices-amount').innerText()).toBe('0.096');
    expect(await row.innerText()).toContain('azure');
    const stored = (await api('GET', `/api/workspaces/${workspaceId}/prices?limit=200`)).json.items.filter((p: { source: string }) => p.source === 'azure');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'azure', region: 'westeurope', sku: 'Standard_D2s_v3', unitPrice: '0.096', currency: 'USD', effectiveDate: '2023-05-01' });

    azure.failNext(500);
    await page.getByRole('button', { name: 'Search Azure' }).click();
    const failure = page.locator('.error-notice').filter({ hasText: 'Azure Retail Prices failed' });
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Azure Retail Prices answered 500 to GET /api/retail/prices');
    expect(await failure.innerText()).toContain('502 bad_gateway');
  }, 60_000);

  it('imports the AWS rates chosen: a service, one of its regions, a search', async () => {
    await session.open(`${pricesPath()}?add=aws`);
    await expect.poll(() => page.locator('select[name="service"] option', { hasText: 'AmazonEC2' }).count()).toBe(1);
    await page.getByLabel('Service').selectOption('AmazonEC2');
    await expect.poll(() => page.locator('select[name="region"] option', { hasText: 'us-east-1' }).count()).toBe(1);
    await page.getByLabel('Region').selectOption('us-east-1');
    await page.getByLabel('Search', { exact: true }).fill('t3.micro');
    await page.getByRole('button', { name: 'Show rates' }).click();
    const rates = page.locator('.prices-catalog table tbody tr');
    await expect.poll(() => rates.count()).toBe(1);
    // The catalog's "0.0104000000", canonical.
    expect(await rates.first().locator('td.prices-amount').innerText()).toBe('0.0104');
    await page.getByLabel('Choose $0.0104 per On Demand Linux t3.micro Instance Hour').check();
    await page.getByRole('button', { name: 'Import chosen rates (1)' }).click();
    await page.getByRole('status').filter({ hasText: 'Added aws us-east-1 JRTCKXETXF · 0.0104 USD per Hrs from 2025-01-01' }).waitFor();
    await priceRow('JRTCKXETXF').waitFor();
    const stored = (await api('GET', `/api/workspaces/${workspaceId}/prices?limit=200`)).json.items.filter((p: { source: string }) => p.source === 'aws');
    expect(stored.map((p: { catalogRef: string }) => p.catalogRef)).toEqual(['JRTCKXETXF.JRTCKXETXF.6YS6EN2CT7']);
  }, 60_000);

  it('asks for the Google key on the credentials screen when gcp:apiKey is not saved', async () => {
    await session.open(`${pricesPath()}?add=gcp`);
    const problem = page.locator('.error-notice').filter({ hasText: 'Google Cloud API key not set' });
    await problem.waitFor();
    expect(await problem.innerText()).toContain('gcp:apiKey');
    const link = page.locator('.prices-fix').getByRole('link', { name: 'Credentials' });
    expect(await link.getAttribute('href')).toBe(`/w/${workspaceId}/secrets`);
    await link.click();
    await page.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
    expect(gcp.requests).toHaveLength(0);
  }, 60_000);

  it('imports the Google Cloud SKUs chosen once the key is saved', async () => {
    expect((await api('PUT', `/api/workspaces/${workspaceId}/secrets/gcp:apiKey`, { value: gcpKey })).status).toBe(204);
    await session.open(`${pricesPath()}?add=gcp`);
    await expect.poll(() => page.locator('select[name="serviceId"] option', { hasText: 'Compute Engine' }).count()).toBe(1);
    await page.getByLabel('Service').selectOption({ label: `Compute Engine (${gcpCompute})` });
    await page.getByLabel('Region').fill('europe-west1');
    await page.getByRole('button', { name: 'Show SKUs' }).click();
    const skus = page.locator('.prices-catalog table tbody tr');
    await expect.poll(() => skus.count()).toBe(1);
    // 12345 units and 678901234 nanos, exact.
    expect(await skus.first().locator('.prices-amount').innerText()).toBe('12345.678901234');
    await page.getByLabel('Choose Sole tenancy premium').check();
    await page.getByRole('button', { name: 'Import chosen SKUs (1)' }).click();
    await page.getByRole('status').filter({ hasText: 'Added gcp europe-west1 A1B2-C3D4-E5F6 · 12345.678901234 USD per h from 2025-03-04' }).waitFor();
    await priceRow('A1B2-C3D4-E5F6').waitFor();
  }, 60_000);

  it('shows a viewer the prices without a way to add or delete them', async () => {
    const viewer = await session.model.newPerson('viewer@prices.test', [{ workspaceId, role: 'viewer' }]);
    const other = await session.pageAs(viewer);
    try {
      await other.goto(pricesPath());
      await other.locator('table.prices-table tbody tr').first().waitFor();
      await other.getByText('Owners add and delete prices.').waitFor();
      expect(await other.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      expect(await other.getByRole('heading', { name: 'Add prices' }).count()).toBe(0);
    } finally {
      await other.close();
    }
    await session.open(pricesPath());
    await priceRow('Standard_D2s_v3').waitFor();
    await takeScreenshot(page, 'prices-list');
  }, 60_000);

  it('fits a 390 pixel wide screen without sideways scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const panel of ['', '?add=csv', '?add=azure']) {
        await session.open(`${pricesPath()}${panel}`);
        await page.locator('table.prices-table').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), panel).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }, 60_000);

  it('sent no request away from the service and logged no console error', () => {
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
