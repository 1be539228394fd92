/**
 * The account area of the web client in Debian's chromium against the built
 * server: first-run setup with the code from the data directory, sign-out and
 * sign-in with a deep link, workspaces and projects paged with the API's
 * cursors, an agent token whose secret is shown once, settings with the API's
 * field errors beside the fields, members and an invitation taken up by the
 * person invited. Screenshots of the main screens go to docs/screenshots/.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/render-checks';
import { readSetupCode, sessionCookieOf, strongPassword } from '../support/http-client';
import type { Person } from '../support/model-api';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { chromiumMissing, refusedAnswerLine, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

if (chromiumMissing) console.log(`account: browser tests skipped: ${chromiumMissing}`);

/** The page is no wider than the screen: nothing scrolls sideways at 390 px. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

describe.skipIf(chromiumMissing !== null)('account screens in chromium', () => {
  describe('first-run setup on a server started without Svc__SetupToken', () => {
    let database: TestDatabase;
    let service: ServiceProcess;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const requests: string[] = [];
    const consoleErrors: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url });
      browser = await launchChromium();
      context = await browser.newContext({ baseURL: service.url, viewport: { width: 1280, height: 800 } });
      context.on('request', (request) => requests.push(request.url()));
      page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('console', (message) => {
        if (message.type() === 'error' && !refusedAnswerLine.test(message.text())) consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(String(error)));
    });

    afterAll(async () => {
      await context?.close().catch(() => undefined);
      await browser?.close().catch(() => undefined);
      await service?.stop();
      await database?.drop();
    });

    it('sends a visitor to setup, which says where the code is', async () => {
      await page.goto('/');
      await page.waitForURL('**/setup');
      await page.getByRole('heading', { name: 'Set up svc' }).waitFor();
      const text = await page.locator('main').innerText();
      expect(text).toContain('SVC SETUP CODE:');
      expect(text).toContain('<data>/setup-code');
      expect(text).toContain('deleted when setup completes');
      await takeScreenshot(page, 'setup');
    });

    it('a wrong code shows the API message beside the code field and creates nothing', async () => {
      await page.getByLabel('Setup code').fill('WRONGWRONGWRONGWRONG');
      await page.getByLabel('Your name').fill('Ada Admin');
      await page.getByLabel('E-mail address').fill('ada@example.test');
      await page.getByLabel('Password').fill(strongPassword);
      await page.getByRole('button', { name: 'Create the administrator account' }).click();
      const message = page.locator('[data-field="setupToken"]').getByRole('alert');
      await message.waitFor();
      expect(await message.innerText()).toContain('SVC SETUP CODE:');
      expect(await page.getByLabel('Setup code').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/setup');
      await access(join(service.dataDirectory, 'setup-code'));
    });

    it('the code from <data>/setup-code creates the administrator, signs in and lands on the workspaces', async () => {
      await page.getByLabel('Setup code').fill(await readSetupCode(service.dataDirectory));
      await page.getByRole('button', { name: 'Create the administrator account' }).click();
      await page.getByRole('heading', { name: 'Your workspaces' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('link', { name: 'Default' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Ada Admin' }).waitFor();
      await expect(access(join(service.dataDirectory, 'setup-code'))).rejects.toThrow();
      // Setup is done: the setup address says so instead of offering the form again.
      await page.goto('/setup');
      await page.getByText('Setup is done').waitFor();
    });

    it('no request left the service and nothing failed in the console', () => {
      expect(requestsLeavingService(requests, service.url)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });

  describe('signed in as the administrator', () => {
    let session: WebSession;
    let page: Page;
    let workspaceId: string;
    /** The administrator's own session for preparing data through the API: signing out in the page ends the page's session only. */
    let admin: Person;

    beforeAll(async () => {
      // Both providers configured: the sign-in page offers their buttons (nothing is ever sent to them here).
      session = await startWebSession({
        environment: {
          Authentication__GitHub__ClientId: 'gh-client',
          Authentication__GitHub__ClientSecret: 'gh-secret',
          Authentication__GitLab__ClientId: 'gl-client',
          Authentication__GitLab__ClientSecret: 'gl-secret',
        },
      });
      page = session.page;
      // A step that cannot happen fails with its locator named, well before the test's own time limit.
      page.setDefaultTimeout(10_000);
      const login = await session.model.api('POST', '/api/auth/login', { json: { email: session.model.admin.email, password: strongPassword } });
      admin = { ...session.model.admin, session: sessionCookieOf(login).value };
    });

    afterAll(async () => {
      await session?.stop();
    });

    it('signs out with the header button, and a deep link comes back after signing in', async () => {
      await session.open('/');
      await page.getByRole('heading', { name: 'Your workspaces' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/sign-in');
      // The old session is gone: a screen that needs one sends the visitor to sign-in, keeping the address.
      await page.goto('/account');
      await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/account');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      // The configured providers, as links the browser follows to the service's start address; registration is closed in the local profile.
      expect(await page.getByRole('link', { name: 'Sign in with GitHub' }).getAttribute('href')).toBe('/api/auth/external/github');
      expect(await page.getByRole('link', { name: 'Sign in with GitLab' }).getAttribute('href')).toBe('/api/auth/external/gitlab');
      expect(await page.getByRole('link', { name: 'Create one' }).count()).toBe(0);
      await page.getByLabel('Password').fill('Wrong-password-1');
      await page.getByLabel('E-mail address').fill(session.model.admin.email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('The e-mail address or password is wrong').waitFor();
      await takeScreenshot(page, 'sign-in');
      await page.getByLabel('Password').fill(strongPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/account');
      expect(await page.locator('main').innerText()).toContain(session.model.admin.email);
    });

    it('?next= leads only to paths of the client, never to another site', async () => {
      await page.goto('/sign-in?next=%2F%2Fevil.example%2Fsteal');
      await page.getByRole('heading', { name: 'Your workspaces' }).waitFor();
      expect(page.url()).toBe(`${session.model.service.url}/`);
      await page.goto('/sign-in?next=https%3A%2F%2Fevil.example%2F');
      await page.getByRole('heading', { name: 'Your workspaces' }).waitFor();
      expect(new URL(page.url()).origin).toBe(session.model.service.url);
    });

    it('creates a workspace and a project; the project shows in the list paged with the cursors', async () => {
      await session.open('/');
      await page.getByLabel('Workspace name').fill('Atlas');
      await page.getByRole('button', { name: 'Create workspace' }).click();
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      workspaceId = new URL(page.url()).pathname.split('/')[2]!;
      // Twenty projects sort before the new one, so it lands on the second page of twenty.
      for (let i = 1; i <= 20; i++) await session.model.createProject(workspaceId, `Area ${String(i).padStart(2, '0')}`, admin);
      await page.reload();
      await page.getByLabel('Project name').fill('Zulu checkout');
      await page.getByLabel('Description (optional)').fill('Takes the money.');
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.getByRole('status').getByRole('link', { name: 'Zulu checkout' }).waitFor();
      const list = page.getByRole('list', { name: 'Projects' });
      await list.getByRole('link', { name: 'Area 01' }).waitFor();
      expect(await list.getByRole('link', { name: 'Zulu checkout' }).count()).toBe(0);
      await takeScreenshot(page, 'projects');
      await page.getByRole('button', { name: 'Next' }).click();
      await list.getByRole('link', { name: 'Zulu checkout' }).waitFor();
      expect(await list.innerText()).toContain('Takes the money.');
      await list.getByRole('link', { name: 'Zulu checkout' }).click();
      await page.getByRole('heading', { name: 'Zulu checkout' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Model' }).waitFor();
      await session.open('/');
      await page.getByRole('link', { name: 'Atlas' }).waitFor();
      await takeScreenshot(page, 'workspaces');
    });

    it('creates an agent token: the secret shows once with a copy button, the list never shows it', async () => {
      await session.open(`/w/${workspaceId}/tokens`);
      await page.getByRole('heading', { name: 'Agent tokens' }).waitFor();
      await page.getByLabel('Name').fill('CI of the shop');
      await page.getByRole('checkbox', { name: /^push:/ }).check();
      await page.getByRole('button', { name: 'Create token' }).click();
      const secretBox = page.getByLabel('Agent token secret');
      await secretBox.waitFor();
      const secret = await secretBox.inputValue();
      expect(secret).toMatch(/^svc_at_/);
      await page.getByRole('button', { name: 'Copy token' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('will not be shown again');
      const table = page.getByRole('table', { name: 'Agent tokens' });
      await table.getByRole('cell', { name: 'CI of the shop' }).waitFor();
      expect(await table.innerText()).toContain('read, push');
      expect(await table.innerText()).not.toContain(secret);
      await takeScreenshot(page, 'tokens');
      // The token works, as the page said.
      const answer = await session.model.api('GET', '/api/workspaces', { headers: { authorization: `Bearer ${secret}` } });
      expect(answer.status).toBe(200);
      await page.reload();
      await table.getByRole('cell', { name: 'CI of the shop' }).waitFor();
      expect(await page.content()).not.toContain(secret);
      expect(await page.getByLabel('Agent token secret').count()).toBe(0);
    });

    it('settings: a bad value shows the field error beside its field; a good one is saved and survives a reload', async () => {
      await session.open(`/w/${workspaceId}/settings`);
      const maxFiles = page.getByLabel('Files per scan');
      await maxFiles.fill('0');
      await page.getByRole('button', { name: 'Save imports and scans' }).click();
      const message = page.locator('[data-field="import.maxFiles"]').getByRole('alert');
      await message.waitFor();
      expect(await message.innerText()).toBe('must be at least 1');
      await message.scrollIntoViewIfNeeded();
      await takeScreenshot(page, 'settings');
      await maxFiles.fill('5000');
      await page.getByLabel('Paths left out (one pattern a line)').fill('**/node_modules/**\n**/generated/**');
      await page.getByRole('button', { name: 'Save imports and scans' }).click();
      await page.getByRole('region', { name: 'Imports and scans' }).getByText('Saved.').waitFor();
      expect(await page.locator('[data-field="import.maxFiles"]').getByRole('alert').count()).toBe(0);
      await page.reload();
      expect(await page.getByLabel('Files per scan').inputValue()).toBe('5000');
      const stored = await session.model.api('GET', `/api/workspaces/${workspaceId}/settings`, { session: admin.session });
      expect(stored.json.overrides).toEqual({ import: { maxFiles: 5000, excludeGlobs: ['**/node_modules/**', '**/generated/**'] } });
      expect(stored.json.version).toBe(1);
      // Another group saves on top of the first: the stored version moves on, nothing is lost.
      await page.getByLabel('Share links').selectOption('off');
      await page.getByRole('button', { name: 'Save sharing' }).click();
      await page.getByRole('region', { name: 'Sharing' }).getByText('Saved.').waitFor();
      const after = await session.model.api('GET', `/api/workspaces/${workspaceId}/settings`, { session: admin.session });
      expect(after.json.overrides).toMatchObject({ import: { maxFiles: 5000 }, sharing: { linkPolicy: 'off' } });
    });

    it('credentials: setting one shows its status, never its value; deleting it sets it back', async () => {
      await session.open(`/w/${workspaceId}/secrets`);
      const item = page.getByRole('listitem').filter({ has: page.getByText('github:token', { exact: true }) });
      await item.getByText('not set', { exact: true }).waitFor();
      await item.getByRole('button', { name: 'Set github:token' }).click();
      await item.getByLabel('New value of github:token').fill('ghp_example-value-1234');
      await item.getByRole('button', { name: 'Save' }).click();
      await item.getByText('Saved for https://api.github.com.').waitFor();
      expect(await page.content()).not.toContain('ghp_example-value-1234');
      await item.getByRole('button', { name: 'Delete' }).click();
      await item.getByRole('button', { name: 'Yes, delete' }).click();
      await item.getByText('not set', { exact: true }).waitFor();
    });

    it('members: invite by e-mail, see the pending invitation; the invited person joins through the link', async () => {
      await session.open(`/w/${workspaceId}/members`);
      await page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: session.model.admin.email }).waitFor();
      await page.getByLabel('E-mail address').fill('bea@example.test');
      await page.getByLabel('Role', { exact: true }).selectOption('viewer');
      await page.getByRole('button', { name: 'Invite' }).click();
      const link = await page.getByLabel('Invitation link').inputValue();
      expect(link).toMatch(new RegExp(`^${session.model.service.url}/invitations/[0-9a-f-]{36}#secret=svc_inv_`));
      const invitations = page.getByRole('table', { name: 'Invitations' });
      await invitations.getByRole('cell', { name: 'bea@example.test' }).waitFor();
      expect(await invitations.innerText()).toMatch(/viewer\s+pending/);

      // Bea opens the link in her own browser, not signed in, and creates her account through it.
      const bea = await session.browser.newContext({ baseURL: session.model.service.url, viewport: { width: 390, height: 800 } });
      bea.on('request', (request) => session.requests.push(request.url()));
      const beaPage = await bea.newPage();
      beaPage.on('console', (m) => {
        if (m.type() === 'error' && !refusedAnswerLine.test(m.text())) session.consoleErrors.push(m.text());
      });
      await beaPage.goto(link);
      await beaPage.getByLabel('Your name').fill('Bea');
      await beaPage.getByLabel('Password').fill(strongPassword);
      await beaPage.getByRole('button', { name: 'Create account and join' }).click();
      await beaPage.getByRole('heading', { name: 'Projects' }).waitFor();
      expect(await beaPage.locator('main').innerText()).toContain('Atlas');
      await expectNoSidewaysScroll(beaPage);
      await bea.close();

      await page.reload();
      await page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: 'bea@example.test' }).waitFor();
      expect(await invitations.innerText()).toMatch(/accepted/);
    });

    it('administration: opening registration in the instance settings makes the sign-in page offer it, and a newcomer registers', async () => {
      await session.open('/admin');
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
      await page.getByRole('region', { name: 'Diagnostics' }).getByText('Database').waitFor();
      expect(await page.getByRole('region', { name: 'Diagnostics' }).innerText()).toMatch(/Database\s+reachable/);
      await page.getByRole('checkbox', { name: 'Anyone may register an account' }).check();
      await page.getByRole('button', { name: 'Save instance settings' }).click();
      await page.getByRole('region', { name: 'Instance settings' }).getByText('Saved.').waitFor();
      await page.getByRole('table', { name: 'Audit log' }).getByText('settings.instance.replace').waitFor();
      const policy = await session.model.api('GET', '/api/instance/settings', { session: admin.session });
      expect(policy.json.policy.allowSelfRegistration).toBe(true);

      const newcomer = await session.browser.newContext({ baseURL: session.model.service.url, viewport: { width: 1280, height: 800 } });
      newcomer.on('request', (request) => session.requests.push(request.url()));
      const newcomerPage = await newcomer.newPage();
      newcomerPage.setDefaultTimeout(10_000);
      newcomerPage.on('console', (m) => {
        if (m.type() === 'error' && !refusedAnswerLine.test(m.text())) session.consoleErrors.push(m.text());
      });
      await newcomerPage.goto('/sign-in');
      await newcomerPage.getByRole('link', { name: 'Create one' }).click();
      await newcomerPage.getByRole('heading', { name: 'Create an account' }).waitFor();
      await newcomerPage.getByLabel('Your name').fill('Cy Newcomer');
      await newcomerPage.getByLabel('E-mail address').fill('cy@example.test');
      await newcomerPage.getByLabel('Password').fill('short');
      await newcomerPage.getByRole('button', { name: 'Create account' }).click();
      await newcomerPage.locator('[data-field="password"]').getByRole('alert').waitFor();
      await newcomerPage.getByLabel('Password').fill(strongPassword);
      await newcomerPage.getByRole('button', { name: 'Create account' }).click();
      await newcomerPage.getByRole('heading', { name: 'Your workspaces' }).waitFor();
      await newcomerPage.getByText('You are not a member of any workspace yet').waitFor();
      await newcomerPage.getByRole('banner').getByRole('link', { name: 'Cy Newcomer' }).waitFor();
      await newcomer.close();
    });

    it('works on a 390 px wide screen without sideways scrolling', async () => {
      await page.setViewportSize({ width: 390, height: 800 });
      for (const path of ['/', `/w/${workspaceId}`, `/w/${workspaceId}/members`, `/w/${workspaceId}/tokens`, `/w/${workspaceId}/settings`, `/w/${workspaceId}/secrets`, '/admin', '/account']) {
        await session.open(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(() => page.locator('.loading').count()).toBe(0);
        await expectNoSidewaysScroll(page);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it('no request left the service and nothing failed in the console', () => {
      expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
      expect(session.consoleErrors).toEqual([]);
    });
  });
});
