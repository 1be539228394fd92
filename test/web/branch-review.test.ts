import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullModelDocument, idFor } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The review page of a branch in Debian's chromium against the built server: reached from the
 * branches table, it shows the records the draft removed, the cost difference of main and the draft on the day chosen, the
 * scenario whose assertion the draft breaks, the findings the draft adds and fixes, and the open
 * thread on the draft.
 */

if (chromiumMissing) console.log(`branch review: browser tests skipped: ${chromiumMissing}`);

const seed = 'b4a9c4e0-0000-4000-8000-00000000b0b0';
const id = (label: string) => idFor(seed, label);
const asOf = '2026-06-30';

describe.skipIf(chromiumMissing !== null)('the review page of a branch in the browser', () => {
  let session: WebSession;
  let page: Page;
  let workspaceId: string;
  let projectId: string;
  let draftId: string;
  const api = async (method: string, path: string, json: unknown, status: number) => {
    const answer = await session.model.api(method, path, { session: session.model.admin.session, ...(json === undefined ? {} : { json }) });
    expect(answer.status, answer.text).toBe(status);
    return answer.json;
  };

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    workspaceId = (await api('GET', '/api/workspaces', undefined, 200)).items[0].id;
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    expect((await session.model.importModel(projectId, fullModelDocument(seed))).status).toBe(200);
    const P = `/api/projects/${projectId}`;
    await api('POST', `/api/workspaces/${workspaceId}/prices`, { provider: 'azure', region: 'westeurope', sku: 'D2s v5', description: null, unit: '1 Hour', unitPrice: '0.1', currency: 'USD', effectiveDate: '2026-01-01' }, 201);
    const resource = (quantity: number) => ({ id: null, elementId: id('web'), name: 'Web servers', category: 'compute', provider: 'azure', region: 'westeurope', sku: 'D2s v5', quantity, unit: null, priceRef: null, usage: [{ label: 'hours', quantity: 730, assumptionId: null, unit: 'h' }], factStatus: null, provenance: null });
    const resourceId = (await api('POST', `${P}/costs/resources`, resource(3), 201)).resources[0].id;
    await api(
      'POST',
      `${P}/scenarios`,
      {
        id: id('scenario'),
        name: 'Order placed reaches the web',
        steps: [{ type: 'publish', id: 'announce', from: id('orders'), channel: id('c-exchange'), message: id('m-placed'), payload: { orderId: 1 }, headers: {}, handlers: {}, routingKey: 'orders.placed' }],
        faults: [],
        assertions: [{ type: 'event-count', id: 'delivered-to-web', kind: 'Delivered', target: id('sub-web'), expected: 1 }],
      },
      201,
    );
    draftId = (await api('POST', `${P}/branches`, { name: 'Fewer bindings', kind: 'draft' }, 201)).id;
    await api('PUT', `${P}/costs/resources/${resourceId}?branchId=${draftId}`, resource(4), 200);
    await api('DELETE', `${P}/bindings/${id('b-keyed')}?branchId=${draftId}`, undefined, 204);
    await api('DELETE', `${P}/relationships/${id('r-stores')}?branchId=${draftId}`, undefined, 204);
    await api('POST', `${P}/threads`, { target: { kind: 'element', id: id('orders') }, body: 'Who writes the orders now?', draftId }, 201);
  }, 120_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('opens from the branches table and shows the costs, the broken scenario, the findings and the open thread', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}/history`);
    await page.getByRole('link', { name: 'Review Fewer bindings' }).click();
    await page.getByRole('heading', { name: 'Review of a branch', level: 1 }).waitFor();
    await page.getByLabel('Costs on').fill(asOf);
    await page.getByRole('heading', { name: `Costs on ${asOf}` }).waitFor();

    const removed = page.locator(`table.review-diff tr[data-record-id="${id('r-stores')}"]`);
    expect((await removed.innerText()).split('\t').map((cell) => cell.trim())).toEqual([id('r-stores'), 'relationship', 'removed', '']);
    expect(await page.locator('table.review-diff tbody tr').count()).toBe(2);

    // 0.1 × 4 × 730 − 0.1 × 3 × 730 = 73 USD a month more on the draft.
    const usd = page.locator('table.costs-totals tr[data-currency="USD"]');
    expect((await usd.innerText()).split('\t').map((cell) => cell.trim())).toEqual(['USD', '219', '292', '73']);

    const scenario = page.locator('table.review-scenarios tr', { has: page.getByRole('link', { name: 'Order placed reaches the web' }) });
    await scenario.waitFor();
    expect(await scenario.innerText()).toContain('now fails assertion delivered-to-web: passes on main, fails on the branch');

    const findings = page.getByRole('region', { name: 'Review findings' });
    expect(await findings.getByRole('heading', { name: 'Added on the branch (1)' }).count()).toBe(1);
    expect(await findings.locator(`[data-finding-id="RV007:${id('orders')}"]`).innerText()).toContain('RV007');
    expect(await findings.getByRole('heading', { name: 'Fixed on the branch (2)' }).count()).toBe(1);
    expect(await findings.locator(`[data-finding-id="RV001:${id('r-stores')}"]`).count()).toBe(1);

    await page.getByRole('region', { name: 'Open threads' }).getByRole('link', { name: 'Who writes the orders now?' }).waitFor();

    // The Markdown of the whole diff, as the page links it, lists the removed relationship by its ID.
    const href = await page.getByRole('link', { name: 'Markdown for a pull request' }).getAttribute('href');
    const markdown = await page.evaluate((url) => fetch(url!).then((r) => r.text()), href);
    expect(markdown).toMatch(/^# Model diff: main/);
    expect(markdown).toContain(id('r-stores'));
    await takeScreenshot(page, 'branch-review');
    expect(session.consoleErrors).toEqual([]);
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
  });

  it('merges the draft into main from its review, after which main lacks what the draft removed', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}/branches/${draftId}/review`);
    const panel = page.getByRole('region', { name: 'Merge Fewer bindings' });
    await panel.getByText('No conflicts.').waitFor();
    expect(await panel.innerText()).toContain('0 added, 0 changed and 2 deleted records');
    await panel.getByRole('button', { name: 'Merge into main' }).click();
    await page.getByRole('status').filter({ hasText: 'merged into main' }).waitFor();
    const relationship = await session.model.api('GET', `/api/projects/${projectId}/relationships/${id('r-stores')}`, { session: session.model.admin.session });
    expect(relationship.status).toBe(404);
    const branch = await api('GET', `/api/projects/${projectId}/branches/${draftId}`, undefined, 200);
    expect(branch.merged?.modelVersion).toBeGreaterThan(1);
    expect(session.consoleErrors).toEqual([]);
  });
});
