import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFor, type Person } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The comments area in Debian's chromium against the built server (issue 23): a thread started
 * from an element's page with a mention, a reply edited and deleted (its tombstone stays in
 * place), the thread raised as a question, resolved and reopened, two decisions where the later
 * supersedes the earlier, the list with its filters, and a viewer who comments but neither
 * resolves nor edits someone else's words.
 */

if (chromiumMissing) console.log(`comments: browser tests skipped: ${chromiumMissing}`);

const seed = '5d1e9a70-2b3c-4d8e-9f01-a2b3c4d5e6f7';
const id = (label: string) => idFor(seed, label);
const element = (label: string, kind: string, name: string, parentId: string | null) => ({ id: id(label), kind, name, description: null, technology: null, status: 'current', parentId, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null });
const shopDocument = { version: '1.0', project: { name: 'Shop' }, elements: [element('shop', 'system', 'Shop', null), element('web', 'app', 'Web shop', id('shop'))], relationships: [] };

describe.skipIf(chromiumMissing !== null)('comments area in the browser', () => {
  let session: WebSession;
  let page: Page;
  let workspaceId: string;
  let projectId: string;
  let viewer: Person;
  let threadPath: string;

  const comments = () => page.getByRole('list', { name: 'Comments' }).locator(':scope > li');

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    const workspaces = await session.model.api('GET', '/api/workspaces', { session: session.model.admin.session });
    workspaceId = workspaces.json.items[0].id;
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    const imported = await session.model.importModel(projectId, shopDocument);
    expect(imported.status, imported.text).toBe(200);
    viewer = await session.model.newPerson('vera@shop.test', [{ workspaceId, role: 'viewer' }]);
  }, 120_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('starts a thread from an element page with a mention, and replies, edits and deletes in order', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}/model/elements/${id('web')}`);
    await page.getByRole('heading', { name: /Web shop/, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Comment', exact: true }).click();
    await page.getByRole('heading', { name: 'Start a thread' }).waitFor();
    expect(await page.getByLabel('On a').inputValue()).toBe('element');
    expect(await page.getByLabel('Target ID', { exact: true }).first().inputValue()).toBe(id('web'));

    await page.getByLabel('Comment', { exact: true }).fill('Should **web** call orders directly?\n- it retries twice');
    await page.getByLabel(/^Mention/).fill('vera@shop.test');
    await page.getByRole('button', { name: 'Start thread' }).click();
    await page.getByRole('heading', { name: /Thread on element/ }).waitFor();
    threadPath = new URL(page.url()).pathname;
    expect(await comments().count()).toBe(1);
    // Markdown is shown as written, line breaks kept, never rendered.
    expect(await comments().first().locator('.comments-text').innerText()).toBe('Should **web** call orders directly?\n- it retries twice');
    expect(await comments().first().innerText()).toContain('Mentions: vera');

    // An empty reply: the API's message beside the field, nothing added.
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.locator('.comments-reply [data-field="body"] .field-error').waitFor();
    expect(await comments().count()).toBe(1);

    await page.getByLabel('Reply', { exact: true }).fill('A first answr');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect.poll(() => comments().count()).toBe(2);
    await page.getByLabel('Reply', { exact: true }).fill('A third word');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect.poll(() => comments().count()).toBe(3);

    const second = comments().nth(1);
    await second.getByRole('button', { name: /^Edit comment/ }).click();
    await second.getByLabel('Comment', { exact: true }).fill('A first answer');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => comments().nth(1).locator('.comments-text').innerText()).toBe('A first answer');
    expect(await comments().nth(1).innerText()).toContain('(edited');

    await comments().nth(1).getByRole('button', { name: /^Delete comment/ }).click();
    await comments().nth(1).getByRole('button', { name: /^Yes, delete/ }).click();
    await expect.poll(() => comments().nth(1).locator('.comments-tombstone').count()).toBe(1);
    expect(await comments().nth(1).innerText()).toContain('deleted');
    expect(await comments().nth(2).locator('.comments-text').innerText()).toBe('A third word');
  });

  it('raises the thread as a question, resolves and reopens it, and records decisions that supersede', async () => {
    await session.open(threadPath);
    await page.getByRole('button', { name: 'Raise as question' }).click();
    await page.locator('.comments-thread-state .comments-question').waitFor();
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.locator('.comments-thread-state .comments-status-resolved').waitFor();
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.locator('.comments-thread-state .comments-status-open').waitFor();

    const decide = async (title: string, text: string) => {
      await page.getByLabel('Decision title').fill(title);
      await page.getByLabel('Decision', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Record decision' }).click();
    };
    await decide('Keep the direct call', 'Web calls orders directly for now.');
    await page.locator('.comments-decision', { hasText: 'Keep the direct call' }).waitFor();
    await decide('Go through a queue', 'Web publishes OrderPlaced instead.');
    const decisions = page.locator('.comments-decision');
    await expect.poll(() => decisions.count()).toBe(2);
    expect(await decisions.nth(0).innerText()).toMatch(/Go through a queue[\s\S]*in force/);
    expect(await decisions.nth(1).innerText()).toMatch(/Keep the direct call[\s\S]*superseded/);
    expect(await decisions.nth(1).innerText()).toContain('Model Admin');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thread on element Web shop');
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeScreenshot(page, 'comments-thread');
  });

  it('lists threads in the Comments area with status and target filters', async () => {
    await session.open(`/w/${workspaceId}/p/${projectId}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Comments' }).click();
    await page.getByRole('heading', { name: 'Comments', level: 1 }).waitFor();
    const items = page.locator('.comments-thread-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().innerText()).toContain('Should **web** call orders directly?');
    expect(await items.first().innerText()).toContain('question');

    await page.getByLabel('Status').selectOption('resolved');
    await page.getByText('No threads here yet.').waitFor();
    await page.getByLabel('Status').selectOption('open');
    await expect.poll(() => items.count()).toBe(1);
    await page.getByLabel('Target ID').fill(id('shop'));
    await page.getByText('No threads here yet.').waitFor();
    await page.getByLabel('Target ID').fill(id('web'));
    await expect.poll(() => items.count()).toBe(1);
    await takeScreenshot(page, 'comments-list');
    await items.first().locator('.comments-thread-link').click();
    await page.getByRole('heading', { name: /Thread on element/ }).waitFor();
  });

  it('a viewer replies but does not resolve, decide, or edit and delete the words of others', async () => {
    const viewerPage = await session.pageAs(viewer);
    await viewerPage.goto(threadPath);
    await viewerPage.getByRole('heading', { name: /Thread on element/ }).waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Record decision' }).count()).toBe(0);
    const list = viewerPage.getByRole('list', { name: 'Comments' }).locator(':scope > li');
    expect(await list.first().getByRole('button').count()).toBe(0);
    await viewerPage.getByLabel('Reply', { exact: true }).fill('Seen, thanks.');
    await viewerPage.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect.poll(() => list.count()).toBe(4);
    expect(await list.nth(3).getByRole('button', { name: /^Edit comment/ }).count()).toBe(1);

    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
