import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFor } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The costs area in Debian's chromium against the built server (issue 20): on a project with a
 * small model, an assumption and a resource (element picked by name, a usage line naming the
 * assumption) added in the UI, the API's message beside a field, the estimate on a chosen day
 * with each figure equal to the product worked out here with exact decimals, an unpriced
 * resource with its reason, main compared with a branch, an estimate saved and listed with its
 * stored figures, the prices the project uses, and a viewer who only reads.
 */

if (chromiumMissing) console.log(`costs: browser tests skipped: ${chromiumMissing}`);

const seed = '9b2f4e61-7c3d-4a8e-b5f0-1d6c8a3e2f47';
const id = (label: string) => idFor(seed, label);
const element = (label: string, kind: string, name: string, parentId: string | null) => ({
  id: id(label),
  kind,
  name,
  description: null,
  technology: null,
  status: 'current',
  parentId,
  tags: [],
  icon: null,
  factStatus: 'declared',
  provenance: null,
  stale: null,
});

/** A shop: one system with a web app and a store. */
const shopDocument = {
  version: '1.0',
  project: { name: 'Shop' },
  elements: [element('shop', 'system', 'Shop', null), element('web', 'app', 'Web shop', id('shop')), element('db', 'store', 'Orders DB', id('shop'))],
  relationships: [],
};

const asOf = '2026-06-30';

/** Exact products, worked out here as a person would with a calculator that never rounds. */
const times = (...factors: string[]) => factors.reduce((product, factor) => product.times(factor), new Decimal(1)).toFixed();
const minus = (a: string, b: string) => new Decimal(a).minus(b).toFixed();

describe.skipIf(chromiumMissing !== null)('costs area in the browser', () => {
  let session: WebSession;
  let page: Page;
  let workspaceId: string;
  let projectId: string;
  let branchId: string;
  const vmPrice = { unitPrice: '0.096', effectiveDate: '2026-01-01' };
  const diskPrice = { unitPrice: '0.0184', effectiveDate: '2026-02-15' };
  let diskPriceId: string;
  const costsPath = (rest = '') => `/w/${workspaceId}/p/${projectId}/costs${rest}`;
  const api = async (method: string, path: string, json?: unknown, status?: number) => {
    const answer = await session.model.api(method, path, { session: session.model.admin.session, ...(json === undefined ? {} : { json }) });
    if (status !== undefined) expect(answer.status, answer.text).toBe(status);
    return answer.json;
  };
  const resource = (over: Record<string, unknown>) => ({ id: null, elementId: id('db'), name: 'Disk', category: 'storage', provider: 'azure', region: 'westeurope', sku: null, quantity: null, unit: null, priceRef: null, usage: null, factStatus: null, provenance: null, ...over });
  const rowOf = (table: string, name: string) => page.locator(`table.${table} tbody tr`, { has: page.getByRole('rowheader', { name, exact: false }) });

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    workspaceId = (await api('GET', '/api/workspaces')).items[0].id;
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    const imported = await session.model.importModel(projectId, shopDocument);
    expect(imported.status, imported.text).toBe(200);
    const price = (sku: string, unit: string, currency: string, p: { unitPrice: string; effectiveDate: string }) =>
      api('POST', `/api/workspaces/${workspaceId}/prices`, { provider: 'azure', region: 'westeurope', sku, description: null, unit, currency, ...p }, 201);
    await price('D2s v5', '1 Hour', 'USD', vmPrice);
    diskPriceId = (await price('Standard LRS', '1 GB/Month', 'EUR', diskPrice)).id;
  }, 120_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('adds an assumption and a resource in the UI, with the API message beside its field', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Costs' }).click();
    await page.getByRole('heading', { name: 'Cost sheet', level: 1 }).waitFor();
    await page.getByText('No resources on this sheet yet.').waitFor();

    await page.getByRole('button', { name: 'Add assumption' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Hours per month');
    await page.getByLabel('Value (optional)').fill('730');
    await page.getByRole('button', { name: 'Add assumption' }).click();
    // No unit: the API names the field and the form shows its message beside it.
    const unitError = page.locator('[data-field="unit"] .field-error');
    await unitError.waitFor();
    expect((await unitError.innerText()).length).toBeGreaterThan(0);
    await page.getByLabel('Unit', { exact: true }).fill('hours');
    await page.getByRole('button', { name: 'Add assumption' }).click();
    await rowOf('costs-assumptions', 'Hours per month').waitFor();
    expect(await rowOf('costs-assumptions', 'Hours per month').locator('td.costs-amount').innerText()).toBe('730');

    await page.getByRole('button', { name: 'Add resource' }).click();
    await expect.poll(() => page.locator('select[name="elementId"] option', { hasText: 'Web shop (app)' }).count()).toBe(1);
    await page.getByLabel('Element').selectOption({ label: 'Web shop (app)' });
    await page.getByLabel('Name', { exact: true }).fill('Web servers');
    await page.getByLabel('Category').fill('compute');
    await page.getByLabel('Provider').fill('azure');
    await page.getByLabel('Region (optional)').fill('westeurope');
    await page.getByLabel('SKU (optional)').fill('D2s v5');
    await page.getByLabel('Quantity (optional)').fill('3');
    await page.getByRole('button', { name: 'Add usage line' }).click();
    await page.getByLabel('Line 1 label').fill('hours');
    await page.getByLabel('Line 1 factor').selectOption('assumption');
    await page.getByLabel('Line 1 assumption').selectOption({ label: 'Hours per month = 730 hours' });
    await page.getByLabel('Line 1 unit').fill('h');
    await page.getByRole('button', { name: 'Add resource' }).click();
    const row = rowOf('costs-resources', 'Web servers');
    await row.waitFor();
    expect(await row.innerText()).toContain('Web shop');
    expect(await row.innerText()).toContain('hours “Hours per month” h');

    // Two more through the API: a disk naming its price, and one that no price matches.
    await api('POST', `/api/projects/${projectId}/costs/resources`, resource({ name: 'Disk', sku: 'Standard LRS', quantity: '512.5', priceRef: diskPriceId }), 201);
    await api('POST', `/api/projects/${projectId}/costs/resources`, resource({ name: 'Mystery', elementId: id('web'), category: 'compute', sku: 'Nothing' }), 201);
    const sheet = await api('GET', `/api/projects/${projectId}/costs`, undefined, 200);
    expect(sheet.resources[0]).toMatchObject({ name: 'Web servers', elementId: id('web'), quantity: '3', priceRef: null, usage: [{ label: 'hours', quantity: null, assumptionId: sheet.assumptions[0].id, unit: 'h' }] });
    await page.reload();
    await rowOf('costs-resources', 'Mystery').waitFor();
    // A resource naming its price shows that price, read from the workspace's list.
    await expect.poll(() => rowOf('costs-resources', 'Disk').innerText()).toContain('azure westeurope Standard LRS · 0.0184 EUR per 1 GB/Month from 2026-02-15');
    await takeScreenshot(page, 'costs-sheet');
  }, 60_000);

  it('estimates on a chosen day: each figure the exact product, totals per currency, the unpriced resource with its reason', async () => {
    const web = times(vmPrice.unitPrice, '3', '730');
    const disk = times(diskPrice.unitPrice, '512.5');
    expect([web, disk]).toEqual(['210.24', '9.43']);

    await session.open(costsPath());
    await page.getByRole('navigation', { name: 'Costs' }).getByRole('link', { name: 'Estimate', exact: true }).click();
    await page.getByRole('heading', { name: 'Estimate', level: 1 }).waitFor();
    await page.getByLabel('As of').fill(asOf);
    await page.getByRole('button', { name: 'Show estimate' }).click();
    await page.waitForURL(new RegExp(`asOf=${asOf}`));
    await page.getByText(`on ${asOf}`).first().waitFor();

    const total = (currency: string) => page.locator(`table.costs-totals tr[data-currency="${currency}"] .costs-figure`);
    await expect.poll(() => total('USD').innerText()).toBe(web);
    expect(await total('EUR').innerText()).toBe(disk);
    const line = rowOf('costs-lines', 'Web servers');
    expect(await line.locator('td.costs-amount').last().innerText()).toBe(web);
    expect(await line.innerText()).toContain('0.096 per 1 Hour');
    expect(await line.innerText()).toContain('effective 2026-01-01');
    // 2026-01-01 is more than the 90 days of cost.stalePriceAfterDays before the estimate's day.
    expect(await line.innerText()).toContain('stale price');
    expect(await rowOf('costs-lines', 'Disk').locator('td.costs-amount').last().innerText()).toBe(disk);
    const unpriced = rowOf('costs-unpriced', 'Mystery');
    expect(await unpriced.innerText()).toContain('no-matching-price');
    expect(await unpriced.innerText()).toContain('Web shop');
    const byElement = page.locator(`table.costs-by-element tr[data-element-id="${id('web')}"]`);
    expect(await byElement.innerText()).toContain(`${web} USD`);
    await takeScreenshot(page, 'costs-estimate');

    await page.getByLabel('Name (optional)').fill('June baseline');
    await page.getByRole('button', { name: 'Save estimate' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved June baseline' }).waitFor();
    await page.getByRole('navigation', { name: 'Costs' }).getByRole('link', { name: 'Saved estimates' }).click();
    const saved = rowOf('costs-saved', 'June baseline');
    await saved.waitFor();
    expect(await saved.innerText()).toContain(asOf);
    expect(await saved.innerText()).toContain(`${web} USD`);
    expect(await saved.innerText()).toContain(`${disk} EUR`);

    // Stored figures: a later change to the sheet leaves the saved estimate as it was.
    const sheet = await api('GET', `/api/projects/${projectId}/costs`, undefined, 200);
    await api('PUT', `/api/projects/${projectId}/costs/assumptions/${sheet.assumptions[0].id}`, { ...sheet.assumptions[0], value: '1' }, 200);
    await saved.getByRole('link', { name: 'June baseline' }).click();
    await page.getByRole('heading', { name: 'June baseline', level: 1 }).waitFor();
    await expect.poll(() => total('USD').innerText()).toBe(web);
    await page.getByText('These are the stored figures').waitFor();
    await api('PUT', `/api/projects/${projectId}/costs/assumptions/${sheet.assumptions[0].id}`, { ...sheet.assumptions[0], value: '730' }, 200);
  }, 60_000);

  it('compares main with a branch, resource by resource and in total per currency', async () => {
    branchId = (await api('POST', `/api/projects/${projectId}/branches`, { name: 'Bigger', kind: 'variant' }, 201)).id;
    // On the branch, the web servers go from 3 to 5, changed in the UI with the line picker.
    await session.open(costsPath());
    await page.getByLabel('Model shown').selectOption({ label: 'Bigger (variant)' });
    await page.waitForURL(new RegExp(`branchId=${branchId}`));
    await page.getByRole('button', { name: 'Edit resource Web servers' }).waitFor();
    await page.getByRole('button', { name: 'Edit resource Web servers' }).click();
    await page.getByLabel('Quantity (optional)').fill('5');
    await page.getByRole('button', { name: 'Save resource' }).click();
    await expect.poll(() => rowOf('costs-resources', 'Web servers').locator('td.costs-amount').innerText()).toBe('5');
    const mainSheet = await api('GET', `/api/projects/${projectId}/costs`, undefined, 200);
    expect(mainSheet.resources[0].quantity).toBe('3');

    await page.getByRole('navigation', { name: 'Costs' }).getByRole('link', { name: 'Compare' }).click();
    await page.getByLabel('Left').selectOption('main');
    await page.getByLabel('Right').selectOption({ label: 'variant “Bigger”' });
    await page.getByLabel('As of (optional)').fill(asOf);
    await page.getByRole('button', { name: 'Compare' }).click();
    const left = times(vmPrice.unitPrice, '3', '730');
    const right = times(vmPrice.unitPrice, '5', '730');
    const web = rowOf('costs-compare-resources', 'Web servers');
    await web.waitFor();
    expect(await web.innerText()).toContain('changed');
    const cells = web.locator('td.costs-amount');
    expect(await cells.nth(0).innerText()).toContain(`${left} USD`);
    expect(await cells.nth(1).innerText()).toContain(`${right} USD`);
    expect(await cells.nth(2).innerText()).toContain(`${minus(right, left)} USD`);
    expect(await rowOf('costs-compare-resources', 'Disk').innerText()).toContain('unchanged');
    expect(await rowOf('costs-compare-resources', 'Mystery').innerText()).toContain('none: a side is unpriced');
    const usd = page.locator('table.costs-totals tr[data-currency="USD"] .costs-figure');
    expect(await usd.allInnerTexts()).toEqual([left, right, minus(right, left)]);
    const eur = page.locator('table.costs-totals tr[data-currency="EUR"] .costs-figure');
    expect(await eur.allInnerTexts()).toEqual([times(diskPrice.unitPrice, '512.5'), times(diskPrice.unitPrice, '512.5'), '0']);
    await takeScreenshot(page, 'costs-compare');
  }, 60_000);

  it('lists the prices the project uses, on every line', async () => {
    await session.open(costsPath('/prices'));
    const disk = page.locator('table.costs-project-prices tbody tr', { hasText: 'Standard LRS' });
    await disk.waitFor();
    expect(await disk.locator('td.costs-amount').innerText()).toBe(diskPrice.unitPrice);
    expect(await disk.innerText()).toContain('Disk on main (named)');
    expect(await disk.innerText()).toContain('Disk on variant “Bigger” (named)');
  }, 60_000);

  it("replaces the branch's sheet with a copy of main's, after asking", async () => {
    await session.open(costsPath(`?branchId=${branchId}`));
    await expect.poll(() => rowOf('costs-resources', 'Web servers').locator('td.costs-amount').innerText()).toBe('5');
    await page.getByLabel('Copy the sheet of').selectOption('main');
    await page.getByRole('button', { name: 'Copy that sheet here' }).click();
    await page.getByText('Replace this sheet (3 resources, 1 assumption) with a copy of the sheet of main?').waitFor();
    await page.getByRole('button', { name: 'Yes, replace it' }).click();
    await expect.poll(() => rowOf('costs-resources', 'Web servers').locator('td.costs-amount').innerText()).toBe('3');
    const branchSheet = await api('GET', `/api/projects/${projectId}/costs?branchId=${branchId}`, undefined, 200);
    expect(branchSheet.resources.map((r: { quantity: string | null }) => r.quantity)).toEqual(['3', '512.5', null]);
  }, 60_000);

  it('shows a viewer the sheet and the estimate without a way to change them', async () => {
    const viewer = await session.model.newPerson('viewer@costs.test', [{ workspaceId, role: 'viewer' }]);
    const other = await session.pageAs(viewer);
    try {
      await other.goto(costsPath());
      await other.locator('table.costs-resources tbody tr').first().waitFor();
      await other.getByText('Editors change the sheet; you read it.').waitFor();
      for (const name of ['Add resource', 'Add assumption', 'Edit resource Web servers', 'Copy that sheet here']) expect(await other.getByRole('button', { name }).count()).toBe(0);
      await other.goto(costsPath(`/estimate?asOf=${asOf}`));
      await other.locator('table.costs-totals').waitFor();
      expect(await other.getByRole('button', { name: 'Save estimate' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('fits a 390 pixel wide screen without sideways scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const path of [costsPath(), costsPath(`/estimate?asOf=${asOf}`), costsPath(`/compare?left=main&right=${branchId}&asOf=${asOf}`)]) {
        await session.open(path);
        await page.locator('.costs-screen table').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
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
