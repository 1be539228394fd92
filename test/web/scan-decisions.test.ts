import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/service-process';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * Deciding a scan's proposals at the pace a repository needs, in headless
 * chromium against the built service (docs/sources.md, docs/web-client.md): a
 * folder Source holding a compose file (two services and a postgres store) is
 * scanned; the scan page shows its diagnostics (the extractor that read it,
 * an override file held back for the key it holds); a relationship's evidence
 * opens in place with its line marked; the store is bound to an element drawn
 * by hand; the other elements are selected and accepted in one request; then
 * every relationship is accepted at once, and all of it is found in the model.
 */
if (chromiumMissing) console.log(`scan decisions (web): browser tests skipped: ${chromiumMissing}`);

const compose = `services:
  storefront:
    build: ./storefront
    ports:
      - "8080:8080"
    environment:
      ORDERS_URL: http://orders:8081
    depends_on:
      - orders
  orders:
    build: ./orders
    environment:
      DATABASE_URL: postgres://orders:orders@db:5432/orders
    depends_on:
      - db
  db:
    image: postgres:16
    volumes:
      - db-data:/var/lib/postgresql/data
volumes:
  db-data:
`;

const decideCalls = (requests: readonly string[]) => requests.filter((url) => url.endsWith('/proposals/decide')).length;

describe.skipIf(chromiumMissing !== null)('deciding a scan in headless chromium', () => {
  let session: WebSession;
  let page: Page;
  let root: string;
  let area: string;
  let projectId: string;
  let storeId: string;

  beforeAll(async () => {
    root = await temporaryDirectory('svc-web-decisions-');
    await mkdir(join(root, 'shop'));
    await writeFile(join(root, 'shop', 'compose.yaml'), compose);
    // A file with a cloud key in it (AWS's documented example key) is skipped as a secret: the diagnostics say so.
    await writeFile(join(root, 'shop', 'compose.override.yaml'), `services:\n  orders:\n    environment:\n      AWS_ACCESS_KEY_ID: ${'AKIA'}IOSFODNN7EXAMPLE\n`);
    session = await startWebSession({ environment: { Svc__SourcesRoot: root }, viewport: { width: 1280, height: 900 } });
    page = session.page;
    page.setDefaultTimeout(10_000);
    const workspaceId = await session.model.createWorkspace('Decisions');
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    area = `/w/${workspaceId}/p/${projectId}`;
    // What a person drew before any scan: the system and its database, under another name than the scan finds.
    const api = (path: string, json: unknown) => session.model.api('POST', `/api/projects/${projectId}/${path}`, { session: session.model.admin.session, json });
    const system = await api('elements', { kind: 'system', name: 'Shop', status: 'current', parentId: null });
    expect(system.status, system.text).toBe(201);
    const store = await api('elements', { kind: 'store', name: 'Orders database', status: 'current', parentId: system.json.id });
    expect(store.status, store.text).toBe(201);
    storeId = store.json.id;
  }, 60_000);

  afterAll(async () => {
    await session?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('scans a compose repository and shows its diagnostics and evidence lines', async () => {
    await session.open(`${area}/sources`);
    const add = page.getByRole('form', { name: 'Add a Source' });
    await add.getByLabel('Kind').selectOption('directory');
    await add.getByLabel('Name').fill('Shop compose');
    await add.getByLabel(/^Folder/).fill('shop');
    await add.getByRole('button', { name: 'Add Source' }).click();
    await page.getByRole('heading', { name: 'Shop compose' }).waitFor();
    await page.getByRole('button', { name: 'Start a scan' }).click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}$/);
    await page.locator('.sources-scan-facts .badge', { hasText: 'completed' }).waitFor({ timeout: 15_000 });

    // The diagnostics: the compose extractor read one file and found what it states; the file holding a key is named, never read.
    const diagnostics = page.getByRole('region', { name: 'Diagnostics' });
    await diagnostics.waitFor();
    expect(await diagnostics.locator('tr[data-extractor="docker-compose"]').innerText()).toMatch(/^docker-compose\s+1\s+[1-9]\d*\s+—$/);
    expect(await diagnostics.getByRole('list', { name: 'Notes of the scan' }).innerText()).toMatch(/1 file that may hold facts was skipped as secrets.*compose\.override\.yaml/);
    expect(await diagnostics.innerText()).toContain('No candidate was left out of the model.');
    await diagnostics.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await takeScreenshot(page, 'sources-scan-diagnostics');

    // A relationship's evidence, opened in place: the compose file's lines with the stated one marked.
    const call = page.locator('tr[data-fact="relationship:element:app:storefront->element:app:orders"]');
    await call.getByRole('button', { name: /^Show the lines of/ }).click();
    const opened = page.locator('tbody.sources-proposal', { has: call }).locator('.sources-opened');
    const marked = opened.locator('.sources-line-hit[data-line="7"] mark');
    await marked.waitFor();
    expect(await marked.innerText()).toContain('ORDERS_URL: http://orders:8081');
    // Both places of the file in one window: line 9 marked too, the lines around them unmarked.
    expect(await opened.locator('.sources-window').count()).toBe(1);
    expect(await opened.locator('.sources-line-hit[data-line="9"] mark').innerText()).toContain('- orders');
    expect(await opened.locator('.sources-line[data-line="6"]:not(.sources-line-hit)').innerText()).toContain('environment:');
    expect(await opened.locator('.sources-line[data-line="8"]:not(.sources-line-hit)').innerText()).toContain('depends_on:');
    expect(await call.getByRole('button', { name: /^Hide the lines of/ }).getAttribute('aria-expanded')).toBe('true');
    await call.evaluate((row) => row.scrollIntoView({ block: 'start' }));
    await takeScreenshot(page, 'sources-scan-evidence');
  });

  it('binds the store to an element drawn by hand, accepts the other elements in one request, then every relationship', async () => {
    // The store proposal, bound to the database already in the model: only its truth label changes.
    const store = page.locator('tr[data-fact="element:store:db"]');
    await store.getByRole('button', { name: 'Link add element db to an existing element' }).click();
    const link = page.getByRole('form', { name: 'Link db to an existing element' });
    await link.getByLabel('Existing store').selectOption({ label: 'Orders database' });
    await link.getByRole('radio', { name: /Bind/ }).check();
    await link.getByRole('button', { name: 'Bind and accept' }).click();
    await store.locator('.badge', { hasText: 'accepted' }).waitFor();

    // Every element on the page selected and accepted in one request.
    await page.getByLabel('Kind').selectOption('element');
    await page.locator('tr[data-fact="element:app:orders"]').waitFor();
    await expect.poll(() => page.locator('tbody.sources-proposal').count()).toBe(2);
    await page.getByLabel('Select every proposal on this page').check();
    await page.getByText('2 selected').waitFor();
    const before = decideCalls(session.requests);
    await page.getByRole('button', { name: 'Accept selected' }).click();
    const panel = page.getByRole('region', { name: /Accept 2 selected proposals/ });
    expect(await panel.innerText()).toMatch(/2 elements: orders, storefront/);
    await panel.locator('.sources-impact').waitFor();
    await page.locator('fieldset.sources-bulk').evaluate((bar) => bar.scrollIntoView({ block: 'start' }));
    await takeScreenshot(page, 'sources-scan-bulk');
    await panel.getByRole('button', { name: 'Accept 2 proposals' }).click();
    const outcome = page.getByRole('status', { name: 'Result of the decision' });
    await outcome.waitFor();
    expect(await outcome.innerText()).toMatch(/2 accepted, 0 rejected\./);
    expect(decideCalls(session.requests) - before).toBe(1);
    await page.getByText('No pending element proposals.').waitFor();

    // Every relationship, without selecting: one request for all matches.
    await page.getByLabel('Kind').selectOption('relationship');
    await page.locator('tr[data-fact="relationship:element:app:orders->element:store:db"]').waitFor();
    await page.getByRole('button', { name: 'Accept every match' }).click();
    const all = page.getByRole('region', { name: /Accept 2 matching proposals/ });
    await all.getByRole('button', { name: 'Accept 2 proposals' }).click();
    await expect.poll(() => outcome.innerText()).toMatch(/2 accepted, 0 rejected\./);
    await page.getByText('No pending relationship proposals.').waitFor();
    await expect.poll(() => page.locator('.sources-scan-facts').innerText()).toMatch(/0 pending, 5 accepted/);
  });

  it('finds what was accepted in the model, the relationship to the store on the element drawn by hand', async () => {
    await session.open(`${area}/model`);
    await page.getByRole('navigation', { name: 'Record kinds' }).getByRole('link', { name: 'Relationships' }).click();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
    await expect.poll(() => page.locator('table tbody').innerText()).toMatch(/storefront[\s\S]*orders[\s\S]*observed-in-source/);
    await expect.poll(() => page.locator('table tbody').innerText()).toMatch(/orders[\s\S]*Orders database/);

    await session.open(`${area}/model/elements/${storeId}`);
    await page.getByRole('heading', { name: /Orders database/ }).first().waitFor();
    // Bound, not rewritten: its name stays, its truth label is now the scan's.
    expect(await page.locator('#app main').innerText()).toMatch(/observed-in-source/);

    const elements = await session.model.api('GET', `/api/projects/${projectId}/elements?limit=50`, { session: session.model.admin.session });
    expect(elements.json.items.map((e: { name: string }) => e.name).sort()).toEqual(['Orders database', 'Shop', 'orders', 'storefront']);
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
