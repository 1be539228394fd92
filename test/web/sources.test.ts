import { cp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTarGz, readFolderTree } from '../support/archive-builders';
import { temporaryDirectory } from '../support/service-process';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The Sources and proposals areas in headless chromium against the built
 * service (docs/sources.md), as a person uses them: a folder Source added from
 * the form (the shop fixture under Svc__SourcesRoot), a scan started and
 * watched until it completes, its proposals opened, one accepted, and the
 * element it became opened in the model; an archive Source scanned by
 * uploading a tar.gz from the page; then the Source renamed and deleted.
 */
if (chromiumMissing) console.log(`sources (web): browser tests skipped: ${chromiumMissing}`);

const fixture = resolve(import.meta.dirname, '../fixtures/shop');

describe.skipIf(chromiumMissing !== null)('the Sources area in headless chromium', () => {
  let session: WebSession;
  let page: Page;
  let root: string;
  let area: string;

  beforeAll(async () => {
    root = await temporaryDirectory('svc-web-sources-');
    await cp(fixture, join(root, 'shop'), { recursive: true });
    session = await startWebSession({ environment: { Svc__SourcesRoot: root } });
    page = session.page;
    const workspaceId = await session.model.createWorkspace('Sources');
    const projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    area = `/w/${workspaceId}/p/${projectId}`;
  }, 60_000);

  afterAll(async () => {
    await session?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('adds a folder Source, scans it, accepts a proposal and finds the element in the model', async () => {
    await session.open(`${area}/sources`);
    await page.getByText('No Sources yet.').waitFor();
    const add = page.getByRole('form', { name: 'Add a Source' });
    // A folder outside the root is refused, with the API's message beside the field.
    await add.getByLabel('Kind').selectOption('directory');
    await add.getByLabel('Name').fill('Shop folder');
    await add.getByLabel(/^Folder/).fill('../elsewhere');
    await add.getByRole('button', { name: 'Add Source' }).click();
    await add.locator('[data-field="path"] .field-error').waitFor();

    await add.getByLabel(/^Folder/).fill('shop');
    await add.getByRole('button', { name: 'Add Source' }).click();
    await page.getByRole('heading', { name: 'Shop folder' }).waitFor();
    expect(await page.locator('.sources-source .facts').innerText()).toMatch(/directory[\s\S]*shop[\s\S]*never scanned/);

    await page.getByRole('button', { name: 'Start a scan' }).click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}$/);
    await page.locator('.sources-scan-facts .badge', { hasText: 'completed' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.sources-scan-facts').innerText()).toMatch(/\d+ of \d+ files read/);
    await page.locator('.sources-impact').waitFor();
    await page.locator('tr[data-fact="element:app:orders"]').waitFor();
    await takeScreenshot(page, 'sources-scan');

    await page.getByRole('button', { name: 'Accept add element orders', exact: true }).click();
    const row = page.locator('tr[data-fact="element:app:orders"]');
    await row.locator('.badge', { hasText: 'accepted' }).waitFor();
    await row.getByRole('link', { name: 'Open in the model' }).click();
    await page.waitForURL(/\/model\/elements\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /orders/ }).first().waitFor();
    expect(await page.locator('#app main').innerText()).toMatch(/observed-in-source/);

    // The scan is listed in the proposals area, and the pending filter no longer shows the accepted one.
    await session.open(`${area}/proposals`);
    await page.locator('.sources-scans tbody tr').first().waitFor();
    expect(await page.locator('.sources-scans tbody').innerText()).toContain('Shop folder');
    await page.locator('.sources-scans tbody a').first().click();
    await page.locator('tr[data-fact="element:app:billing"]').waitFor();
    expect(await page.locator('tr[data-fact="element:app:orders"]').count()).toBe(0);
  });

  it('an archive Source is scanned by uploading a tar.gz from its page', async () => {
    await session.open(`${area}/sources`);
    const add = page.getByRole('form', { name: 'Add a Source' });
    await add.getByLabel('Kind').selectOption('archive');
    await add.getByLabel('Name').fill('Shop archive');
    await add.getByRole('button', { name: 'Add Source' }).click();
    await page.getByRole('heading', { name: 'Shop archive' }).waitFor();
    const files = await readFolderTree(join(root, 'shop'));
    const tarGz = await buildTarGz([...files].map(([name, data]) => ({ name, data })));
    const upload = page.getByRole('form', { name: 'Upload an archive' });
    await upload.locator('input[type="file"]').setInputFiles({ name: 'shop.tar.gz', mimeType: 'application/gzip', buffer: tarGz });
    await upload.getByRole('button', { name: 'Upload and scan' }).click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}$/);
    await page.locator('.sources-scan-facts .badge', { hasText: 'completed' }).waitFor({ timeout: 15_000 });
    await page.locator('tr[data-fact="element:app:billing"]').waitFor();
    await page.getByRole('link', { name: 'Its Source' }).click();
    await page.getByRole('heading', { name: 'Shop archive' }).waitFor();
    await page.getByRole('button', { name: 'Delete Source' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('link', { name: 'Shop folder' }).waitFor();
  });

  it('renames and deletes the Source; its scan stays listed', async () => {
    await session.open(`${area}/sources`);
    await page.getByRole('link', { name: 'Shop folder' }).click();
    const rename = page.getByRole('form', { name: 'Rename the Source' });
    await rename.getByLabel('Name').fill('Shop checkout');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { name: 'Shop checkout' }).waitFor();
    await takeScreenshot(page, 'sources-source');
    await page.getByRole('button', { name: 'Delete Source' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No Sources yet.').waitFor();
    await session.open(`${area}/proposals`);
    await page.locator('.sources-scans tbody tr').first().waitFor();
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
