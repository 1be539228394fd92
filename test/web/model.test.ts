import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { fullModelDocument, idFor, type Project } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The model area in a real browser, driven as a person drives it: a model
 * document imported after a dry run, the element tree with its truth badges,
 * filters that survive a reload, a record page with what connects to it, an
 * edit refused beside its field then saved, a delete refused naming the
 * referrers, a branch edited and compared with main, and the export
 * downloaded as JSON and YAML. The API is used only to check what was stored.
 */
if (chromiumMissing) console.log(`model (web): browser tests skipped: ${chromiumMissing}`);

const seed = '6f1c2a43-9d1e-4b7a-8c55-0a1b2c3d4e5f';
const id = (label: string) => idFor(seed, label);

/** The row of the element tree that names `name`. */
function treeRow(page: Page, name: string): Locator {
  return page.locator('.tree-row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The labelled form field around the control labelled `label`, with its message. */
function fieldOf(page: Page, label: string): Locator {
  return page.locator('.field').filter({ has: page.getByLabel(label, { exact: true }) });
}

/** Chromium logs every 4xx answer as a console error; a refusal the test provokes on purpose is taken out here. */
function dropExpectedRefusals(session: WebSession, statuses: number[]): void {
  const expected = (text: string) => statuses.some((status) => text.includes(`status of ${status}`));
  session.consoleErrors.splice(0, session.consoleErrors.length, ...session.consoleErrors.filter((text) => !expected(text)));
}

describe.skipIf(chromiumMissing !== null)('the model area in headless chromium', () => {
  let session: WebSession;
  let page: Page;
  let project: Project;
  let base: string;
  const shopDocument = fullModelDocument(seed);
  const stored = async (path: string) => {
    const answer = await session.model.api('GET', `/api/projects/${project.id}${path}`, { session: session.model.admin.session });
    expect(answer.status, answer.text).toBe(200);
    return answer.json;
  };

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    const workspaceId = await session.model.createWorkspace('Design');
    project = await session.model.createProject(workspaceId, 'Shop');
    base = `/w/${workspaceId}/p/${project.id}`;
  }, 90_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('imports a model document: a dry run names each entry (a refused one with its reason), then the import writes it', async () => {
    await session.open(`${base}/transfer`);
    await expect.poll(() => page.getByText('at version 0').count()).toBe(1);
    const upload = page.getByLabel('Model document (JSON or YAML)');

    // A document with a refused entry: the dry run says why, the import button stays off.
    const broken = { ...shopDocument, elements: [...shopDocument.elements, { id: id('orphan'), kind: 'component', name: 'Orphan', status: 'current', parentId: id('customer') }] };
    await upload.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    await page.getByRole('button', { name: 'Preview import (dry run)' }).click();
    const refusedRow = page.locator('tr', { hasText: 'Orphan' });
    await expect.poll(() => refusedRow.innerText()).toMatch(/refused[\s\S]*parentId/);
    expect(await page.getByRole('button', { name: /Import into main/ }).isDisabled()).toBe(true);

    await upload.setInputFiles({ name: 'shop.yaml', mimeType: 'application/x-yaml', buffer: Buffer.from(toYaml({ ...shopDocument, elements: [{ ...shopDocument.elements[0], nmae: 'typo' }, ...shopDocument.elements.slice(1)] })) });
    await expect.poll(() => page.getByText('shop.yaml').count()).toBe(1);
    await page.getByRole('button', { name: 'Preview import (dry run)' }).click();
    await expect.poll(() => page.getByText(/Dry run: nothing was written.*24 added, 0 changed, 0 unchanged, 0 refused/).count()).toBe(1);
    // One row per entry, each with its kind and what would happen to it.
    const rows = page.locator('table.import-items tbody tr');
    expect(await rows.count()).toBe(24);
    expect(await page.locator('tr', { hasText: 'PlaceOrder' }).innerText()).toMatch(/operation[\s\S]*added/);
    // The misspelt field is named, with the field it probably meant.
    expect(await page.locator('.ignored-fields').innerText()).toMatch(/\$\.elements\[0\]\.nmae[\s\S]*name/);
    expect(await session.model.modelVersion(project.id)).toBe(0);
    await takeScreenshot(page, 'model-import-result');

    await page.getByRole('button', { name: 'Import into main (24 added, 0 changed)' }).click();
    await expect.poll(() => page.getByText(/Imported into main.*24 added/).count()).toBe(1);
    expect(await session.model.modelVersion(project.id)).toBeGreaterThan(0);
    expect((await stored('/elements?limit=1')).total).toBe(6);
  });

  it('shows elements as a tree by parent with truth label, provenance, stale mark and confidence badges; branches open and close', async () => {
    await session.open(`${base}/model`);
    await expect.poll(() => page.getByText('All 6 elements loaded.').count()).toBe(1);
    const web = treeRow(page, 'Web — Ünïcødé 店');
    const webText = await web.innerText();
    expect(webText).toContain('inferred');
    expect(webText).toContain('75% sure');
    expect(webText).toContain('stale');
    expect(webText).toContain('from ai:proposal-7');
    expect(await treeRow(page, 'Orders').innerText()).toMatch(/measured[\s\S]*from otel:trace\/42[\s\S]*100% sure/);
    expect(await treeRow(page, 'Customer').innerText()).toContain('declared');

    // Checkout sits inside Web, which starts closed; the button opens it and says so.
    expect(await page.getByRole('link', { name: 'Checkout', exact: true }).count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Expand Web — Ünïcødé 店' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('link', { name: 'Checkout', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Collapse Web — Ünïcødé 店' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Collapse Shop' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Orders', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Checkout', exact: true }).count()).toBe(1);
    await takeScreenshot(page, 'model-tree');
  });

  it('filters by truth label, stale mark and name; the filters live in the address and survive a reload', async () => {
    await page.getByLabel('Truth label').selectOption('inferred');
    await expect.poll(() => page.getByRole('link', { name: 'Customer', exact: true }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('truth')).toBe('inferred');
    const shown = async () => (await page.locator('.tree-row a').allInnerTexts()).sort();
    // The match, and its parent kept only to show where it sits.
    expect(await shown()).toEqual(['Shop', 'Web — Ünïcødé 店']);
    expect(await page.locator('.context-only > .tree-row').innerText()).toContain('Shop');
    expect(await page.getByText('1 match the filters').count()).toBe(1);

    await page.reload();
    await expect.poll(() => page.getByText('1 match the filters').count()).toBe(1);
    expect(await page.getByLabel('Truth label').inputValue()).toBe('inferred');
    expect(await shown()).toEqual(['Shop', 'Web — Ünïcødé 店']);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Name contains').fill('order');
    await expect.poll(shown).toEqual(['Orders', 'Orders DB', 'Shop']);

    // Other kinds: the same badges and filters, in a list; the filters go along to the other kind.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Stale only').check();
    await expect.poll(shown).toEqual(['Shop', 'Web — Ünïcødé 店']);
    await page.getByRole('navigation', { name: 'Record kinds' }).getByRole('link', { name: 'Relationships' }).click();
    await expect.poll(() => page.getByText('All 2 relationships loaded. 1 match the filters.').count()).toBe(1);
    expect(await page.getByLabel('Stale only').isChecked()).toBe(true);
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    // The ends' names arrive after the row (drawn as "…" until then).
    await expect.poll(() => page.locator('table tbody tr').innerText()).toMatch(/Orders[\s\S]*Orders DB[\s\S]*observed-in-source[\s\S]*stale/);
    await page.reload();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    expect(await page.getByLabel('Stale only').isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.get('section')).toBe('relationships');
  });

  it('a record page shows the fields and what connects to the element: relationships both ways, messages, operations, subscriptions', async () => {
    await session.open(`${base}/model`);
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Orders$/);
    const relationships = page.getByRole('region', { name: 'Relationships' });
    await expect.poll(() => relationships.innerText()).toMatch(/Relationships \(1\)[\s\S]*out to[\s\S]*Orders[\s\S]*Orders DB/);
    await expect.poll(() => page.getByRole('region', { name: 'Messages' }).innerText()).toMatch(/produces[\s\S]*OrderPlaced/);
    await expect.poll(() => page.getByRole('region', { name: 'Operations' }).innerText()).toMatch(/GetOrder[\s\S]*PlaceOrder|PlaceOrder[\s\S]*GetOrder/);
    expect(await page.locator('.record-fields').innerText()).toMatch(/Parent[\s\S]*Shop[\s\S]*Provenance source[\s\S]*otel:trace\/42/);
    await takeScreenshot(page, 'model-record');

    // The message's page links back to its producer and names its consumers.
    await page.getByRole('region', { name: 'Messages' }).getByRole('link', { name: 'OrderPlaced' }).click();
    await expect.poll(() => page.locator('.record-fields').innerText()).toMatch(/Producer[\s\S]*Orders[\s\S]*Consumers[\s\S]*(Web — Ünïcødé 店[\s\S]*Checkout|Checkout[\s\S]*Web — Ünïcødé 店)[\s\S]*Schema[\s\S]*Order/);
    await page.locator('.record-fields').getByRole('link', { name: 'Orders', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Orders$/);
  });

  it('an edit with a bad value shows the message beside its field; a good one is saved', async () => {
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Orders');
    await page.getByLabel('Confidence', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => fieldOf(page, 'Confidence').innerText()).toMatch(/must be from 0 to 1/);
    expect(await page.getByLabel('Confidence', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // A truth label that needs a source, without one (checked once every value reads well).
    await page.getByLabel('Confidence', { exact: true }).fill('0.9');
    await page.getByLabel('Provenance source', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => fieldOf(page, 'Provenance source').innerText()).toMatch(/is required when factStatus is measured/);
    // The first field in error takes the focus, so a keyboard user lands on it.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('provenance.source');

    expect(await fieldOf(page, 'Confidence').innerText()).not.toMatch(/must be/);
    await page.getByLabel('Provenance source', { exact: true }).fill('otel:trace/43');
    await page.getByLabel('Name', { exact: true }).fill('Orders service');
    await page.getByLabel('Tags', { exact: true }).fill('core, orders');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Orders service$/);
    const saved = await stored(`/elements/${id('orders')}`);
    expect(saved).toMatchObject({ name: 'Orders service', tags: ['core', 'orders'], factStatus: 'measured', provenance: { source: 'otel:trace/43', confidence: 0.9, revision: 'r7', acceptedBy: '11111111-2222-4333-8444-555555555555' } });
    dropExpectedRefusals(session, [400]);
  });

  it('a delete of a record others refer to is refused, naming each referrer as a link', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    const notice = page.locator('.delete-record .error-notice');
    await expect.poll(() => notice.innerText()).toMatch(/not deleted/);
    const text = await notice.innerText();
    for (const [kind, label] of [['relationship', 'r-stores'], ['message', 'm-placed'], ['operation', 'o-place'], ['operation', 'o-get']]) {
      expect(text).toContain(`${kind} ${id(label!)}`);
    }
    expect(await notice.getByRole('link', { name: `relationship ${id('r-stores')}` }).getAttribute('href')).toBe(`${base}/model/relationships/${id('r-stores')}`);
    expect((await stored(`/elements/${id('orders')}`)).name).toBe('Orders service');
    dropExpectedRefusals(session, [409]);
  });

  it('accepting an inferred fact makes it declared', async () => {
    await session.open(`${base}/model/messages/${id('m-ping')}`);
    await expect.poll(() => page.locator('.record-heading').innerText()).toMatch(/Ping[\s\S]*inferred/);
    await page.getByRole('button', { name: 'Accept fact' }).click();
    await expect.poll(() => page.locator('.record-heading').innerText()).toMatch(/declared/);
    expect((await stored(`/messages/${id('m-ping')}`)).provenance.acceptedBy).toBe(session.model.admin.id);
  });

  it('a branch is created, switched to, edited without touching main, and its counts compared with main', async () => {
    await session.open(`${base}/history`);
    await page.getByLabel('Branch name').fill('Try queues');
    await page.getByRole('button', { name: 'Create branch from main' }).click();
    await page.getByRole('link', { name: 'Switch to Try queues' }).click();
    await expect.poll(() => page.locator('.branch-bar').innerText()).toMatch(/Looking at draft “Try queues”/);
    const branchId = new URL(page.url()).searchParams.get('branchId');
    expect(branchId).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole('navigation', { name: 'Record kinds' }).getByRole('link', { name: 'Channels' }).click();
    await page.getByRole('link', { name: 'New channel' }).click();
    await page.getByLabel('Name', { exact: true }).fill('branch-only');
    await page.getByLabel('Kind', { exact: true }).selectOption('queue');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/branch-only$/);
    expect(new URL(page.url()).searchParams.get('branchId')).toBe(branchId);
    expect((await stored(`/channels?limit=1&branchId=${branchId}`)).total).toBe(5);
    expect((await stored('/channels?limit=1')).total).toBe(4);

    await session.open(`${base}/history`);
    await page.getByLabel('Revision name').fill('Before queues');
    await page.getByRole('button', { name: 'Freeze main as a revision' }).click();
    await expect.poll(() => page.getByText(/Revision “Before queues” frozen/).count()).toBe(1);
    await page.getByRole('button', { name: 'Compare Try queues with main' }).click();
    const channelsRow = page.locator('.compare-table tr', { hasText: 'Channels' });
    await expect.poll(() => channelsRow.innerText()).toMatch(/Channels\s+4\s+5\s+\+1/);
    expect(await page.locator('.compare-table tr', { hasText: 'Elements' }).innerText()).toMatch(/Elements\s+6\s+6\s+same/);
    await takeScreenshot(page, 'model-history');
    const revisionOption = await page.locator('option', { hasText: 'Before queues' }).getAttribute('value');
    await page.getByLabel('Compare main with').selectOption(revisionOption!);
    await expect.poll(() => page.locator('.compare-table caption').innerText()).toMatch(/revision “Before queues”/);
    await expect.poll(() => page.locator('.compare-table tr', { hasText: 'Channels' }).innerText()).toMatch(/Channels\s+4\s+4\s+same/);

    // A record nothing refers to is deleted from the branch, and the list of the kind comes back.
    const channel = (await stored(`/channels?limit=200&branchId=${branchId}`)).items.find((c: any) => c.name === 'branch-only');
    await session.open(`${base}/model/channels/${channel.id}?branchId=${branchId}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => page.getByText('All 4 channels loaded.').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('branchId')).toBe(branchId);
    expect((await stored(`/channels?limit=1&branchId=${branchId}`)).total).toBe(4);
  });

  it('exports main as JSON and YAML downloads holding the edited record', async () => {
    await session.open(`${base}/transfer`);
    const version = await session.model.modelVersion(project.id);
    await expect.poll(() => page.getByText(`at version ${version}`).count()).toBe(1);
    for (const [button, read] of [
      ['Download JSON', (text: string) => JSON.parse(text)],
      ['Download YAML', (text: string) => parseYaml(text)],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: button }).click()]);
      expect(download.suggestedFilename()).toBe(`Shop-model-v${version}.${button.endsWith('JSON') ? 'json' : 'yaml'}`);
      const exported = read(await readFile((await download.path())!, 'utf8'));
      expect(exported.version).toBe('1.0');
      expect(exported.elements.find((e: any) => e.id === id('orders'))).toMatchObject({ name: 'Orders service', tags: ['core', 'orders'] });
      // Main only: the branch's channel is not in it.
      expect(exported.channels.map((c: any) => c.name)).not.toContain('branch-only');
    }
  });

  it('a large model is read page by page: the screen says how many are loaded and loads more on request', async () => {
    const large = await session.model.createProject(project.workspaceId, 'Large');
    const actors = Array.from({ length: 250 }, (_, n) => ({ id: idFor(large.id, `actor-${n}`), kind: 'actor', name: `Actor ${String(n).padStart(3, '0')}`, status: 'current' }));
    expect((await session.model.importModel(large.id, { elements: actors })).status).toBe(200);
    await session.open(`/w/${project.workspaceId}/p/${large.id}/model?q=actor%2024`);
    await expect.poll(() => page.getByText('200 of 250 elements loaded.').count()).toBe(1);
    // The filter says it looked only at what is loaded.
    expect(await page.locator('.load-status').innerText()).toMatch(/match the filters among those loaded/);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByText('All 250 elements loaded.').count()).toBe(1);
    expect(await page.locator('.tree-row a').allInnerTexts()).toEqual(Array.from({ length: 10 }, (_, n) => `Actor ${240 + n}`));
  });

  it('works on a narrow screen: the tree and a record page fit 390 px without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of [`${base}/model`, `${base}/model/elements/${id('orders')}`, `${base}/history`]) {
      await session.open(path);
      await page.locator('.branch-bar select, .history-screen h2').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('every request went to the service, and nothing failed in the console', () => {
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
