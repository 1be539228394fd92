import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngSize } from '../support/render-checks';
import { idFor } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The views area of the web client in Debian's chromium against the built
 * server (issue 18 points 4 and 7): a view created in the UI, its diagram
 * drawn from the service's SVG, elements moved with the mouse and with the
 * keyboard and their positions surviving a reload, the PNG at twice the SVG's
 * size and capped at 8192 pixels, the Mermaid and DSL texts, and share links
 * made, opened signed out with their password, revoked, and refused under the
 * policy `off`.
 */

if (chromiumMissing) console.log(`views: browser tests skipped: ${chromiumMissing}`);

const seed = '6f1c5a52-8d0e-4f0b-9a43-3c1d2b7e9a10';
const id = (label: string) => idFor(seed, label);
const element = (label: string, kind: string, name: string, parentId: string | null, technology: string | null = null) => ({
  id: id(label),
  kind,
  name,
  description: null,
  technology,
  status: 'current',
  parentId,
  tags: [],
  icon: null,
  factStatus: 'declared',
  provenance: null,
  stale: null,
});
const relationship = (label: string, fromId: string, toId: string, text: string, kind = 'structural') => ({
  id: id(label),
  fromId,
  toId,
  label: text,
  technology: 'HTTPS',
  kind,
  lineShape: null,
  factStatus: 'declared',
  provenance: null,
  stale: null,
});

/** A shop: a customer, a system with two apps and a store, and relationships between them. */
const shopDocument = {
  version: '1.0',
  project: { name: 'Shop' },
  elements: [
    element('customer', 'actor', 'Customer', null),
    element('shop', 'system', 'Shop', null, 'Kubernetes'),
    element('mail', 'system', 'Mail provider', null),
    element('web', 'app', 'Web shop', id('shop'), 'TypeScript'),
    element('orders', 'app', 'Orders', id('shop'), 'Go'),
    element('db', 'store', 'Orders DB', id('shop'), 'PostgreSQL'),
  ],
  relationships: [
    relationship('r-buys', id('customer'), id('shop'), 'buys from', 'behavioural'),
    relationship('r-mails', id('shop'), id('mail'), 'sends mail through'),
    relationship('r-places', id('web'), id('orders'), 'places orders'),
    relationship('r-stores', id('orders'), id('db'), 'stores in'),
  ],
};

const sharePassword = 'correct horse battery';

describe.skipIf(chromiumMissing !== null)('views area in the browser', () => {
  let session: WebSession;
  let page: Page;
  let workspaceId: string;
  let projectId: string;
  let viewId: string;
  let viewPath: string;
  let shareAddress: string;
  let signedOut: BrowserContext;

  const api = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    session.model.api(method, path, { session: session.model.admin.session, ...(json === undefined ? {} : { json }), headers });
  const card = (elementId: string): Locator => page.locator(`.view-diagram svg g.card[data-element-id="${elementId}"]`);
  const fingerprint = () => page.locator('dd.fingerprint code');

  /** Top-left corner of a card as the service's SVG places it: `translate(x y)`. */
  async function cardAt(elementId: string): Promise<{ x: number; y: number }> {
    const transform = await card(elementId).getAttribute('transform');
    const match = /translate\((-?[\d.]+) (-?[\d.]+)\)/.exec(transform ?? '');
    expect(match, `transform of ${elementId}: ${transform}`).not.toBeNull();
    return { x: Number(match![1]), y: Number(match![2]) };
  }

  async function waitForFingerprintOtherThan(previous: string): Promise<string> {
    await expect.poll(async () => fingerprint().textContent(), { timeout: 10_000 }).toMatch(/^sha256:[0-9a-f]{64}$/);
    await expect.poll(async () => fingerprint().textContent(), { timeout: 10_000 }).not.toBe(previous);
    await page.locator('.view-diagram[aria-busy="false"]').waitFor();
    return (await fingerprint().textContent())!;
  }

  async function openView(path: string): Promise<string> {
    await session.open(path);
    await page.locator('.view-diagram svg g.card').first().waitFor();
    await expect.poll(async () => fingerprint().textContent()).toMatch(/^sha256:/);
    return (await fingerprint().textContent())!;
  }

  /** Clicks "Download PNG" and returns the file's name and pixel size, with the drawn SVG's width and height. */
  async function downloadPng(): Promise<{ name: string; png: { width: number; height: number }; svg: { width: number; height: number } }> {
    const svg = page.locator('.view-diagram svg');
    const size = { width: Number(await svg.getAttribute('width')), height: Number(await svg.getAttribute('height')) };
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    const bytes = await readFile((await download.path())!);
    return { name: download.suggestedFilename(), png: pngSize(bytes), svg: size };
  }

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    const workspaces = await api('GET', '/api/workspaces');
    workspaceId = workspaces.json.items[0].id;
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    const imported = await session.model.importModel(projectId, shopDocument);
    expect(imported.status, imported.text).toBe(200);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    signedOut = await session.browser.newContext({ baseURL: session.model.service.url, viewport: { width: 1280, height: 800 } });
    signedOut.on('request', (request) => session.requests.push(request.url()));
  }, 120_000);

  afterAll(async () => {
    await signedOut?.close().catch(() => undefined);
    await session?.stop();
  });

  it('creates a view in the UI and draws the service SVG with its fingerprint', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}/views`);
    await expect.poll(() => page.getByText('No views yet.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New view' }).click();
    // An empty name is refused by the API, and its message shows beside the field.
    await page.getByRole('button', { name: 'Create view' }).click();
    await page.locator('[data-field="name"] .field-error').waitFor();
    await page.getByLabel('Name').fill('Landscape');
    await page.getByRole('button', { name: 'Create view' }).click();
    await page.waitForURL(/\/views\/[0-9a-f-]{36}$/);
    viewPath = new URL(page.url()).pathname;
    viewId = viewPath.split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Landscape' }).waitFor();
    await page.locator('.view-diagram svg g.card').first().waitFor();
    // The three top-level elements, each marked with its ID, and no script in the inserted markup.
    expect(await page.locator('.view-diagram svg g.card').count()).toBe(3);
    for (const label of ['customer', 'shop', 'mail']) await card(id(label)).waitFor();
    expect(await page.locator('.view-diagram script, .view-diagram foreignObject').count()).toBe(0);
    await expect.poll(async () => fingerprint().textContent()).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The fingerprint is the one in the service's own SVG.
    const exported = await api('GET', `/api/projects/${projectId}/views/${viewId}/export/svg`);
    expect(exported.text).toContain(`Layout fingerprint ${await fingerprint().textContent()}`);

    // A second view inside the Shop system, made through the same form with the root picked by name.
    await session.open(`/w/${workspaceId}/p/${projectId}/views`);
    await page.getByRole('button', { name: 'New view' }).click();
    await page.getByLabel('Name').fill('Inside the shop');
    await page.getByLabel('The elements inside one element').check();
    // Without the element chosen, the form asks for it beside the picker instead of making a landscape.
    await page.getByRole('button', { name: 'Create view' }).click();
    await page.locator('[data-field="rootElementId"] .field-error').waitFor();
    await page.getByLabel('Find an element by name').fill('Shop');
    await expect.poll(() => page.locator('select[name="rootElementId"] option', { hasText: 'Shop (system)' }).count()).toBe(1);
    await page.getByLabel('Root element').selectOption(id('shop'));
    await page.getByRole('button', { name: 'Create view' }).click();
    await page.getByRole('heading', { name: 'Inside the shop' }).waitFor();
    await card(id('orders')).waitFor();
    expect(await page.locator('.view-diagram svg g.frame').count()).toBe(1);

    await session.open(`/w/${workspaceId}/p/${projectId}/views`);
    await page.getByRole('link', { name: 'Inside the shop' }).waitFor();
    await page.getByText('Inside Shop (system)').waitFor();
    await takeScreenshot(page, 'views-list');
  }, 60_000);

  it('moves an element with the mouse; after a reload it stays where it was dropped and the fingerprint changed', async () => {
    const before = await openView(viewPath);
    const start = await cardAt(id('shop'));
    const box = (await card(id('shop')).boundingBox())!;
    const svgBox = (await page.locator('.view-diagram svg').boundingBox())!;
    const scale = Number(await page.locator('.view-diagram svg').getAttribute('width')) / svgBox.width;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 + 220, { steps: 8 });
    await page.mouse.up();
    const after = await waitForFingerprintOtherThan(before);
    const moved = await cardAt(id('shop'));
    expect(moved.x - start.x).toBeCloseTo(-150 * scale, -1);
    expect(moved.y - start.y).toBeCloseTo(220 * scale, -1);
    await page.getByRole('status').filter({ hasText: 'Saved: Shop at' }).waitFor();

    await page.reload();
    await page.locator('.view-diagram svg g.card').first().waitFor();
    await expect.poll(async () => fingerprint().textContent()).toBe(after);
    expect(await cardAt(id('shop'))).toEqual(moved);
    // Stored as drawn; the cards not moved kept their places.
    const stored = await api('GET', `/api/projects/${projectId}/views/${viewId}`);
    expect(stored.json.positions).toContainEqual({ elementId: id('shop'), x: moved.x, y: moved.y });
    expect(stored.json.positions).toContainEqual({ elementId: id('customer'), x: 0, y: 0 });
  }, 60_000);

  it('moves an element with the keyboard; after a reload it stays and the fingerprint changed', async () => {
    const before = await openView(viewPath);
    const start = await cardAt(id('mail'));
    await card(id('mail')).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    const after = await waitForFingerprintOtherThan(before);
    expect(await cardAt(id('mail'))).toEqual({ x: start.x + 50, y: start.y + 30 });
    // Focus stays on the element through the redraw, so the keys keep working.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-element-id'))).toBe(id('mail'));

    await page.reload();
    await page.locator('.view-diagram svg g.card').first().waitFor();
    await expect.poll(async () => fingerprint().textContent()).toBe(after);
    expect(await cardAt(id('mail'))).toEqual({ x: start.x + 50, y: start.y + 30 });
    await takeScreenshot(page, 'view-diagram');
  }, 60_000);

  it('refuses a move when the layout was saved elsewhere meanwhile, says so and draws the saved layout', async () => {
    await openView(viewPath);
    const stored = await api('GET', `/api/projects/${projectId}/views/${viewId}`);
    const elsewhere = stored.json.positions.map((p: { elementId: string; x: number; y: number }) => (p.elementId === id('customer') ? { ...p, y: 400 } : p));
    expect((await api('PUT', `/api/projects/${projectId}/views/${viewId}/layout`, { positions: elsewhere })).status).toBe(200);
    const mailBefore = await cardAt(id('mail'));
    await card(id('mail')).focus();
    await page.keyboard.press('ArrowUp');
    await page.locator('.diagram-editor .error-notice').filter({ hasText: 'The layout was changed by someone else' }).waitFor();
    await expect.poll(async () => (await cardAt(id('customer'))).y).toBe(400);
    expect(await cardAt(id('mail'))).toEqual(mailBefore);
    expect((await api('GET', `/api/projects/${projectId}/views/${viewId}`)).json.positions).toEqual(elsewhere);
  }, 60_000);

  it('downloads the PNG at twice the SVG size, named after the view', async () => {
    await openView(viewPath);
    const { name, png, svg } = await downloadPng();
    expect(name).toBe('Landscape.png');
    expect(png).toEqual({ width: 2 * svg.width, height: 2 * svg.height });
  }, 60_000);

  it('caps the PNG of a wide view at 8192 pixels on its longer side and keeps the aspect', async () => {
    const wide = await api('POST', `/api/projects/${projectId}/views`, { name: 'Wide', rootElementId: null });
    expect(wide.status, wide.text).toBe(201);
    const layout = await api('PUT', `/api/projects/${projectId}/views/${wide.json.id}/layout`, {
      positions: [
        { elementId: id('customer'), x: 0, y: 0 },
        { elementId: id('shop'), x: 6000, y: 400 },
        { elementId: id('mail'), x: 3000, y: 900 },
      ],
    });
    expect(layout.status, layout.text).toBe(200);
    await openView(`/w/${workspaceId}/p/${projectId}/views/${wide.json.id}`);
    const { png, svg } = await downloadPng();
    expect(2 * svg.width).toBeGreaterThan(8192);
    expect(Math.max(png.width, png.height)).toBe(8192);
    expect(png.width).toBe(8192);
    expect(png.height).toBe(Math.floor(svg.height * (8192 / svg.width)));
    expect(Math.abs(png.width / png.height - svg.width / svg.height)).toBeLessThan(0.01);
  }, 60_000);

  it('shows the Mermaid flowchart and the Structurizr DSL with copy buttons and downloads', async () => {
    await openView(viewPath);
    const mermaid = page.getByLabel('Mermaid flowchart text');
    await expect.poll(async () => mermaid.inputValue()).toContain('flowchart TB');
    expect(await page.getByLabel('Structurizr DSL text').inputValue()).toContain('workspace');
    const copyMermaid = page.getByRole('button', { name: 'Copy Mermaid flowchart' });
    await copyMermaid.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await mermaid.inputValue());
    await page.getByRole('button', { name: 'Copy Structurizr DSL' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download Landscape.mmd' }).getAttribute('href')).toBe(`/api/projects/${projectId}/views/${viewId}/export/flowchart`);
    expect(await page.getByRole('link', { name: 'Download Shop.dsl' }).getAttribute('href')).toBe(`/api/projects/${projectId}/export/archdsl`);
  }, 60_000);

  it('creates a share link with a password and expiry, lists it active, and it opens signed out after the password', async () => {
    await openView(viewPath);
    // A password under 10 characters is refused beside the field.
    await page.getByLabel('Password (optional)').fill('short');
    await page.getByRole('button', { name: 'Create share link' }).click();
    await page.locator('[data-field="password"] .field-error').filter({ hasText: 'at least 10' }).waitFor();

    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Password (optional)').fill(sharePassword);
    await page.getByLabel('Expires (optional)').fill(local);
    await page.getByRole('button', { name: 'Create share link' }).click();
    shareAddress = (await page.locator('.share-address').textContent())!;
    expect(shareAddress).toMatch(new RegExp(`^${session.model.service.url}/s/[A-Za-z0-9_-]{43}$`));
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    const row = page.locator('.view-share-links tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.link-status').textContent()).toBe('active');
    expect(await row.locator('td').nth(1).textContent()).toBe('Yes');

    const reader = await signedOut.newPage();
    await reader.goto(shareAddress);
    await reader.getByRole('heading', { name: 'Shared view' }).waitFor();
    expect(await reader.locator('svg').count()).toBe(0);
    await reader.getByLabel('Password').fill(sharePassword);
    await reader.getByRole('button', { name: 'Open' }).click();
    await reader.getByRole('heading', { name: 'Landscape' }).waitFor();
    expect(await reader.locator(`figure svg g.card[data-element-id="${id('shop')}"]`).count()).toBe(1);
    await reader.close();

    await session.open(`/w/${workspaceId}/p/${projectId}/share-links`);
    await page.locator('.share-links tbody tr').first().waitFor();
    await takeScreenshot(page, 'share-links');
  }, 60_000);

  it('revokes the link on the share links page, and the link then answers 404', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}/share-links`);
    const row = page.locator('.share-links tbody tr').filter({ hasText: 'Landscape' });
    await row.getByRole('button', { name: /^Revoke / }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect.poll(async () => row.locator('.link-status').textContent()).toBe('revoked');
    const reader = await signedOut.newPage();
    const answer = await reader.goto(shareAddress);
    expect(answer?.status()).toBe(404);
    await reader.close();
  }, 60_000);

  it('shows the refusal when the workspace link policy is off', async () => {
    const current = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    expect(current.status, current.text).toBe(200);
    const overrides = { ...current.json.overrides, sharing: { ...(current.json.overrides.sharing ?? {}), linkPolicy: 'off' } };
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, overrides, { 'if-match': current.headers.get('etag')! });
    expect(saved.status, saved.text).toBe(200);

    await openView(viewPath);
    await page.locator('.link-policy').filter({ hasText: 'off' }).waitFor();
    await page.getByRole('button', { name: 'Create share link' }).click();
    const refusal = page.locator('.share-link-form .error-notice');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('share_link_not_allowed');
    expect(await page.locator('.share-address').count()).toBe(0);
  }, 60_000);

  it('pages the views list twenty at a time and deletes a view after asking', async () => {
    for (let i = 1; i <= 20; i++) {
      const made = await api('POST', `/api/projects/${projectId}/views`, { name: `Extra ${String(i).padStart(2, '0')}`, rootElementId: null });
      expect(made.status, made.text).toBe(201);
    }
    await session.open(`/w/${workspaceId}/p/${projectId}/views`);
    const rows = page.locator('.views-list tbody tr');
    await page.getByRole('link', { name: 'Extra 20' }).waitFor();
    expect(await rows.count()).toBe(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    await page.getByRole('link', { name: 'Wide' }).waitFor();
    expect(await rows.allInnerTexts()).toHaveLength(3);
    await page.getByRole('button', { name: 'Delete view Wide' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Wide' }).count()).toBe(0);
    const left = await api('GET', `/api/projects/${projectId}/views`);
    expect(left.json.items.map((v: { name: string }) => v.name)).not.toContain('Wide');
  }, 60_000);

  it('shows a viewer the diagram and the links without anything to change', async () => {
    const viewer = await session.model.newPerson('viewer@views.test', [{ workspaceId, role: 'viewer' }]);
    const other = await session.pageAs(viewer);
    try {
      await other.goto(viewPath);
      await other.locator('.view-diagram svg g.card').first().waitFor();
      expect(await other.locator('.view-diagram svg g.card[tabindex]').count()).toBe(0);
      await other.getByText('Only editors can move elements of a view.').waitFor();
      await other.locator('.view-share-links tbody tr').first().waitFor();
      for (const name of ['Create share link', 'Rename or change root', 'Revoke']) expect(await other.getByRole('button', { name }).count()).toBe(0);
      await other.goto(`/w/${workspaceId}/p/${projectId}/views`);
      await other.getByRole('link', { name: 'Extra 01' }).waitFor();
      expect(await other.getByRole('button', { name: 'New view' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('fits a 390 pixel wide screen without sideways scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await openView(viewPath);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await session.open(`/w/${workspaceId}/p/${projectId}/share-links`);
      await page.locator('.share-links tbody tr').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }, 60_000);

  it('sent no request away from the service and logged no console error', () => {
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    // The API's refusals this file provokes on purpose are shown on the screens; web-browser.ts leaves them out.
    expect(session.consoleErrors).toEqual([]);
  });
});
