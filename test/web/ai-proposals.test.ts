import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingItems, checkoutFlow, placeOrderFlow, shopModel } from '../support/ai-proposal-fixtures';
import { configureAiProvider, type FakeAiServer, startFakeAi } from '../support/fake-ai';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The AI area in headless chromium against the built service
 * (docs/ai-proposals.md), as a person uses it: asking without a provider
 * shows the unavailable answer in words; a flow submitted without AI from the
 * form, its records created in order, accept refused as stale while one is
 * missing and after the model moved, then accepted into a scenario; the lists
 * with their filters; an architecture proposal decided per item, a refused
 * item marked with its reason and nothing written; a viewer sees no buttons;
 * and a flow asked from a fake OpenAI provider.
 */
if (chromiumMissing) console.log(`ai proposals (web): browser tests skipped: ${chromiumMissing}`);

const seed = '5a1e0000-0000-4000-8000-0000000000e5';

describe.skipIf(chromiumMissing !== null)('the AI area in headless chromium', () => {
  let session: WebSession;
  let page: Page;
  let workspaceId: string;
  let projectId: string;
  let area: string;
  let fake: FakeAiServer;
  const admin = () => ({ session: session.model.admin.session });
  const api = (method: string, path: string, json?: unknown) => session.model.api(method, path, { ...admin(), ...(json === undefined ? {} : { json }) });

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    workspaceId = await session.model.createWorkspace('AI');
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    area = `/w/${workspaceId}/p/${projectId}/ai`;
    const imported = await session.model.importModel(projectId, shopModel(seed));
    expect(imported.status, imported.text).toBe(200);
    fake = await startFakeAi('openai');
  }, 60_000);

  afterAll(async () => {
    await fake?.close();
    await session?.stop();
  });

  it('asking with no AI provider shows the unavailable answer, with its reason', async () => {
    await session.open(area);
    await page.getByRole('link', { name: 'AI proposals' }).waitFor();
    const ask = page.getByRole('form', { name: 'Ask for a flow proposal' });
    await ask.getByLabel('What should the flow do?').fill('A customer pays for an order');
    await ask.getByRole('button', { name: 'Ask the AI' }).click();
    const notice = ask.locator('.ai-unavailable');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/AI is unavailable: nothing was proposed\.[\s\S]*No enabled AI provider serves the task proposeFlow[\s\S]*Reason no-provider/);
    await page.getByText('No proposals match.').waitFor();
  });

  it('a flow submitted from the form: records created in order, stale while one is missing, then accepted into a scenario', async () => {
    await session.open(area);
    await page.getByText('Submit a ready proposal without AI').click();
    const submit = page.getByRole('form', { name: 'Submit a flow without AI' });
    // A broken flow first: the API's message names the place.
    const broken = checkoutFlow(seed);
    broken.scenario.steps[0]!.then[0]!.operation = 'nowhere';
    await submit.getByLabel('Flow (JSON: scenario, missing, notes)').fill(JSON.stringify(broken));
    await submit.getByRole('button', { name: 'Submit' }).click();
    await submit.locator('.error-notice li code', { hasText: 'flow.scenario.steps[0].then[0].operation' }).waitFor();

    await submit.getByLabel('Request (a label)').fill('Checkout with payment');
    await submit.getByLabel('Flow (JSON: scenario, missing, notes)').fill(JSON.stringify(checkoutFlow(seed)));
    await submit.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Flow proposal: Checkout with payment' }).waitFor();
    expect(page.url()).toMatch(/\/ai\/flow\/[0-9a-f-]{36}$/);
    await page.getByText('AI proposal, not yet part of the model').waitFor();
    expect(await page.locator('.ai-facts').innerText()).toContain('submitted without AI');

    const createCharge = page.getByRole('button', { name: 'Create operation charge' });
    expect(await createCharge.isDisabled()).toBe(true);
    await page.locator('tr[data-alias="charge"]').getByText('create payments first').waitFor();

    await page.getByRole('button', { name: 'Accept: create the scenario' }).click();
    const stale = page.locator('.ai-stale');
    await stale.waitFor();
    expect(await stale.innerText()).toMatch(/This proposal is stale[\s\S]*missing\.payments is not created yet/);

    await page.getByRole('button', { name: 'Create element payments' }).click();
    await page.locator('tr[data-alias="payments"] .ai-created').waitFor();
    await createCharge.click();
    await page.locator('tr[data-alias="charge"] .ai-created').waitFor();
    await takeScreenshot(page, 'ai-flow-proposal');

    await page.getByLabel('Scenario name').fill('Paid checkout');
    await page.getByRole('button', { name: 'Accept: create the scenario' }).click();
    await page.getByText('Accepted as the scenario').waitFor();
    await page.locator('.ai-facts .ai-status-accepted').waitFor();
    const scenarioId = new URL(await page.getByText('Accepted as the scenario').getByRole('link').evaluate((a) => (a as HTMLAnchorElement).href)).pathname.split('/').at(-1)!;
    const stored = await api('GET', `/api/projects/${projectId}/scenarios/${scenarioId}`);
    expect(stored.json).toMatchObject({ name: 'Paid checkout', origin: { kind: 'ai-proposal', provider: 'submitted' } });
    const run = await api('POST', `/api/projects/${projectId}/scenarios/${scenarioId}/run`);
    expect(run.json.issues).toEqual([]);
  });

  it('accept after the model moved says the proposal is stale, in words', async () => {
    const submitted = await api('POST', `/api/projects/${projectId}/ai/flow-proposals/submit`, { request: null, reviseScenarioId: null, flow: placeOrderFlow(seed, 'Before a change') });
    expect(submitted.status, submitted.text).toBe(201);
    expect((await api('POST', `/api/projects/${projectId}/elements`, { kind: 'actor', name: 'Auditor', status: 'current', parentId: null })).status).toBe(201);
    await session.open(`${area}/flow/${submitted.json.id}`);
    await page.getByRole('button', { name: 'Accept: create the scenario' }).click();
    const stale = page.locator('.ai-stale');
    await stale.waitFor();
    expect(await stale.innerText()).toMatch(/modelVersion was \d+ when the proposal was made; the model is at \d+ now/);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.locator('.ai-facts .ai-status-rejected').waitFor();
  });

  it('lists proposals with filters', async () => {
    await session.open(area);
    const table = page.locator('.ai-table');
    await table.getByRole('link', { name: 'Paid checkout' }).or(table.getByRole('link', { name: 'Checkout with payment' })).first().waitFor();
    await page.getByLabel('Status').selectOption('rejected');
    await table.getByRole('link', { name: 'Before a change' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Made with').selectOption('false');
    await page.getByText('No proposals match.').waitFor();
    expect(page.url()).toContain('submitted=false');
  });

  it('an architecture proposal decided per item: a refused item is marked and nothing is written, then accepted with what it needs', async () => {
    const submitted = await api('POST', `/api/projects/${projectId}/ai/architecture-proposals/submit`, { request: 'Split out billing', proposal: billingItems(seed) });
    expect(submitted.status, submitted.text).toBe(201);
    const [billing, invoices] = submitted.json.items;
    const version = await session.model.modelVersion(projectId);
    await session.open(`${area}/architecture/${submitted.json.id}`);
    await page.getByRole('heading', { name: 'Architecture proposal' }).waitFor();
    expect(await page.locator('.ai-confidence').allInnerTexts()).toEqual(['90%', '70%', '60%', '50%']);

    await page.getByRole('checkbox', { name: 'Accept add element Invoices' }).check();
    await page.getByRole('button', { name: 'Decide the checked items' }).click();
    await page.getByText(/Nothing was written: an accepted item cannot be applied/).waitFor();
    expect(await page.locator(`tr[data-item="${invoices.id}"] .field-error`).innerText()).toMatch(/parentId/);
    expect(await session.model.modelVersion(projectId)).toBe(version);

    await page.getByRole('checkbox', { name: 'Accept add element Billing' }).check();
    await page.getByRole('checkbox', { name: 'Reject add relationship asks for an invoice' }).check();
    await page.getByRole('button', { name: 'Decide the checked items' }).click();
    await page.locator(`tr[data-item="${billing.id}"] .ai-decision-accepted`).waitFor();
    await page.locator(`tr[data-item="${invoices.id}"] .ai-decision-accepted`).waitFor();
    expect(await session.model.modelVersion(projectId)).toBe(version + 1);
    const written = await api('GET', `/api/projects/${projectId}/elements/${invoices.recordId}`);
    expect(written.json).toMatchObject({ name: 'Invoices', factStatus: 'inferred', provenance: { confidence: 0.7 } });
  });

  it('a viewer reads proposals but is offered no asking and no decisions', async () => {
    const viewer = await session.model.newPerson('viewer@ai-web.test', [{ workspaceId, role: 'viewer' }]);
    const viewerPage = await session.pageAs(viewer);
    await viewerPage.goto(area);
    await viewerPage.locator('.ai-table').waitFor();
    expect(await viewerPage.getByRole('form', { name: 'Ask for a flow proposal' }).count()).toBe(0);
    await viewerPage.locator('.ai-table a').first().click();
    await viewerPage.locator('.ai-facts').waitFor();
    expect(await viewerPage.getByRole('button', { name: /Accept|Create|Reject|Delete/ }).count()).toBe(0);
  });

  it('asks a fake OpenAI provider for a flow from the form and shows the proposal it made', async () => {
    await configureAiProvider({ serviceUrl: session.model.service.url, session: session.model.admin.session, workspaceId, server: fake, tasks: ['proposeFlow'], model: 'gpt-4.1-mini' });
    fake.respondWith(() => checkoutFlow(seed, { name: 'Checkout the AI wrote' }));
    await session.open(area);
    const ask = page.getByRole('form', { name: 'Ask for a flow proposal' });
    await ask.getByLabel('What should the flow do?').fill('A customer pays');
    await ask.getByRole('button', { name: 'Ask the AI' }).click();
    await page.getByRole('heading', { name: 'Flow proposal: Checkout the AI wrote' }).waitFor();
    expect(await page.locator('.ai-facts').innerText()).toMatch(/with openai gpt-4\.1-mini/);
    expect(fake.requests).toHaveLength(1);
    expect(session.consoleErrors).toEqual([]);
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
  });
});
