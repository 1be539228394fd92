import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAiProvider, type FakeAiServer, startFakeOpenAi } from '../support/fake-ai';
import { idFor } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The workspace owner's screens in Debian's chromium against the built service: "AI usage"
 * after two explain calls through a fake OpenAI (one answered, one the provider refused with
 * 500), with the month's spend against the workspace and provider budgets and the call records
 * exactly as the API counts them; "Webhooks" with a comment's event delivered on the second
 * try to a receiver on 127.0.0.1 that answered 500 first, each try and the body opened from the
 * log; and members who are not owners offered neither tab.
 */
if (chromiumMissing) console.log(`owner screens (web): browser tests skipped: ${chromiumMissing}`);

const seed = '0e5a7c31-2b4d-4e6f-8a9b-1c2d3e4f5a6b';
const id = (label: string) => idFor(seed, label);
const webhookSecret = 'owner-screens webhook secret 42';

const shopDocument = {
  version: '1.0',
  project: { name: 'Shop' },
  elements: [
    { id: id('shop'), kind: 'system', name: 'Shop', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null },
    { id: id('web'), kind: 'app', name: 'Web shop', description: null, technology: null, status: 'current', parentId: id('shop'), tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null },
  ],
  relationships: [],
};

describe.skipIf(chromiumMissing !== null)('the owner screens of a workspace in headless chromium', () => {
  let session: WebSession;
  let page: Page;
  let fake: FakeAiServer;
  let receiver: Server;
  let hookUrl: string;
  let workspaceId: string;
  let projectId: string;
  /** Statuses the receiver answers in turn (then 200). */
  const answers: number[] = [];
  const received: string[] = [];
  const admin = () => ({ session: session.model.admin.session });
  const api = (method: string, path: string, json?: unknown, headers?: Record<string, string>) => session.model.api(method, path, { ...admin(), ...(json === undefined ? {} : { json }), ...(headers ? { headers } : {}) });

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/svc`;
    // docs/webhooks.md "Environment": a short first retry wait, so the second try follows at once.
    session = await startWebSession({ environment: { Svc__Webhooks__BackoffBaseMs: '20', Svc__Webhooks__TimeoutMs: '3000' } });
    page = session.page;
    page.setDefaultTimeout(15_000);
    workspaceId = await session.model.createWorkspace('Owners');
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    const imported = await session.model.importModel(projectId, shopDocument);
    expect(imported.status, imported.text).toBe(200);
    fake = await startFakeOpenAi();
  }, 60_000);

  afterAll(async () => {
    await fake?.close();
    await session?.stop();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
  });

  it('AI usage: the month’s spend against the budgets and each call with its outcome, amounts as the API gives them', async () => {
    const providerId = await configureAiProvider({
      serviceUrl: session.model.service.url,
      session: session.model.admin.session,
      workspaceId,
      server: fake,
      tasks: ['explain'],
      model: 'gpt-4.1-mini',
      provider: { monthlyBudgetUsd: 5, supportsStreaming: false },
      overrides: { usage: { monthlyAiBudgetUsd: 10 } },
    });
    // gpt-4.1-mini lists at 0.40 / 1.60 USD per million tokens (docs/ai.md "Price table").
    fake.usage = { inputTokens: 1200, outputTokens: 300 };
    fake.respondWith(() => ({ explanation: 'The shop sells things.', citations: [id('shop')] }));
    const explain = () => api('POST', `/api/projects/${projectId}/ai/explain`, { target: { kind: 'element', id: id('shop') }, question: null, branchId: null });
    expect((await explain()).json.status).toBe('answered');
    fake.next({ kind: 'status', status: 500 });
    expect((await explain()).json).toMatchObject({ status: 'unavailable', reason: 'provider-error' });

    await session.open(`/w/${workspaceId}`);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'AI usage' }).click();
    await page.getByRole('heading', { name: 'AI usage', level: 1 }).waitFor();

    const total = page.locator('.ai-usage-total');
    await total.waitFor();
    expect(await total.innerText()).toMatch(/Spent by the workspace\s+0\.00096 USD\s+Monthly AI budget\s+10 USD\s+Left this month\s+9\.99904 USD/);
    const row = page.locator(`tr[data-provider="${providerId}"]`);
    expect((await row.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['gpt-4.1-mini', '2', '0.00096 USD', '5 USD', '4.99904 USD', 'no limit']);
    expect(await row.locator('th').innerText()).toContain('Fake openai');

    const calls = page.locator('.ai-usage-calls tbody tr');
    await calls.nth(1).waitFor();
    expect(await calls.count()).toBe(2);
    // Newest first: the refused call, then the answered one.
    const refused = await calls.nth(0).innerText();
    expect(refused).toMatch(/explain[\s\S]*Fake openai[\s\S]*gpt-4\.1-mini[\s\S]*unavailable[\s\S]*provider-error: the provider answered an error or could not be reached/);
    const answered = calls.nth(1);
    expect(await answered.locator('.ai-usage-outcome-answered').innerText()).toBe('answered');
    expect(await answered.locator('.ai-usage-amount').innerText()).toBe('0.00096 USD');
    // The names of people and projects arrive with their own request, after the rows.
    await expect.poll(() => answered.innerText()).toMatch(/1200 \/ 300[\s\S]*Model Admin[\s\S]*Shop/);
    await takeScreenshot(page, 'ai-usage');
  });

  it('Webhooks: where events go, and a comment’s event delivered on the second try with both tries and the body', async () => {
    await session.open(`/w/${workspaceId}/webhooks`);
    const setup = page.locator('.webhooks-setup');
    await setup.getByText('None set: comments store no events and nothing is sent.').waitFor();
    expect(await setup.getByRole('link', { name: 'Set it in Credentials' }).getAttribute('href')).toBe(`/w/${workspaceId}/secrets`);
    await page.getByText('No events yet.').waitFor();

    const settings = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { ...settings.json.overrides, notifications: { webhookUrl: hookUrl } }, { 'if-match': settings.headers.get('etag')! });
    expect(saved.status, saved.text).toBe(200);
    const secret = await api('PUT', `/api/workspaces/${workspaceId}/secrets/${encodeURIComponent('notifications:webhookSecret')}`, { value: webhookSecret });
    expect(secret.status, secret.text).toBe(204);
    answers.push(500);
    const thread = await api('POST', `/api/projects/${projectId}/threads`, { target: { kind: 'element', id: id('web') }, body: 'Who calls the shop?' });
    expect(thread.status, thread.text).toBe(201);

    // The service's worker delivers on its own: wait for the second try as the log records it.
    const deadline = Date.now() + 10_000;
    let event: { id: string; status: string } | undefined;
    while (event?.status !== 'delivered') {
      expect(Date.now(), `not delivered; last seen ${JSON.stringify(event)}`).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
      event = (await api('GET', `/api/workspaces/${workspaceId}/webhook-deliveries`)).json.items[0];
    }
    expect(received).toHaveLength(2);

    await page.getByRole('button', { name: 'Refresh' }).click();
    const item = page.locator(`details[data-event="${event.id}"]`);
    await item.waitFor();
    expect(await item.locator('summary').innerText()).toMatch(/comment\.created .+ delivered 2 tries/);
    expect(await setup.locator('.webhooks-url').innerText()).toBe(hookUrl);
    expect(await setup.locator('.secret-ok').innerText()).toBe('ok');

    await item.locator('summary').click();
    const tries = item.locator('.webhooks-attempts tbody tr');
    await tries.nth(1).waitFor();
    const origin = new URL(hookUrl).origin;
    expect(await tries.nth(0).innerText()).toMatch(new RegExp(`^1\\s.+\\s\\d+ ms\\s+http-status\\s+the receiver answered another status; tried again\\s+500\\s+answered 500\\s+${origin}$`));
    expect(await tries.nth(1).innerText()).toMatch(new RegExp(`^2\\s.+\\s\\d+ ms\\s+delivered\\s+delivered: the receiver answered 2xx\\s+200\\s+—\\s+${origin}$`));
    const body = JSON.parse(await item.locator('.webhooks-payload').innerText());
    expect(body).toEqual(JSON.parse(received[1]!));
    expect(body).toMatchObject({ id: event.id, type: 'comment.created', project: { id: projectId, name: 'Shop' }, thread: { id: thread.json.id } });
    await takeScreenshot(page, 'webhooks');
  });

  it('a member who is not owner is offered neither tab, and an address typed by hand says only owners see it', async () => {
    const editor = await session.model.newPerson('editor@owner-screens.test', [{ workspaceId, role: 'editor' }]);
    const editorPage = await session.pageAs(editor);
    await editorPage.goto(`/w/${workspaceId}/prices`);
    const tabs = editorPage.getByRole('navigation', { name: 'Workspace' });
    await tabs.getByRole('link', { name: 'Prices' }).waitFor();
    expect(await tabs.getByRole('link', { name: /AI usage|Webhooks/ }).count()).toBe(0);
    await editorPage.goto(`/w/${workspaceId}/ai-usage`);
    await editorPage.getByText('Only owners of this workspace see its AI calls and spend.').waitFor();
    await editorPage.goto(`/w/${workspaceId}/webhooks`);
    await editorPage.getByText('Only owners of this workspace see where its webhooks go and their delivery log.').waitFor();
    // The API says the same: the log is the owner's.
    expect((await session.model.api('GET', `/api/workspaces/${workspaceId}/webhook-deliveries`, { session: editor.session })).status).toBe(403);

    expect(session.consoleErrors).toEqual([]);
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
  });
});
