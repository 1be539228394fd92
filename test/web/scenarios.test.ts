import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../support/markdown-blocks';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The scenarios area of the web client in headless chromium against the built
 * server: the list by name with paging and delete, writing a scenario in the
 * JSON editor (a syntax error caught before sending, a save refused with its
 * message at the line it names, the fix saved), and a run with faults whose
 * timeline shows the retry and the dead letters, with the run's sequence
 * diagram text beside it, the API's hash and the assertion results. The model is the shop of docs/scenario-document.md
 * (PlaceOrder: 3 attempts; Billing's subscription: 2 attempts, dead letters
 * to billing-dead).
 */

if (chromiumMissing) console.log(`scenarios web tests skipped: ${chromiumMissing}`);

const shopModel = fencedBlocks(resolve(import.meta.dirname, '../../docs/scenario-document.md')).find((block) => block.info[1] === 'model-document')!.text;
const ids = {
  web: '5ce00000-0000-4000-8000-000000000002',
  orders: '5ce00000-0000-4000-8000-000000000003',
  billing: '5ce00000-0000-4000-8000-000000000005',
  placeOrder: '5ce00000-0000-4000-8000-000000000010',
  ordersExchange: '5ce0000c-0000-4000-8000-000000000001',
  orderPlaced: '5ce0000d-0000-4000-8000-000000000001',
  billingSubscription: '5ce0000e-0000-4000-8000-000000000001',
};
const scenarioId = '5cea0000-0000-4000-8000-00000000c0de';

/**
 * A checkout while billing is down: PlaceOrder fails its first attempt (one
 * retry), and every delivery to Billing fails, so each attempt's OrderPlaced
 * ends in the dead-letter queue. `then` is the given text, so the first save
 * can carry a broken one.
 */
function checkoutText(then: string): string {
  return `{
  "id": "${scenarioId}",
  "name": "Checkout while billing is down",
  "steps": [
    {
      "type": "call",
      "id": "place",
      "from": "${ids.web}",
      "operation": "${ids.placeOrder}",
      "request": { "orderId": 7 },
      "response": { "accepted": true },
      "then": ${then},
      "onError": []
    }
  ],
  "faults": [
    { "target": "${ids.placeOrder}", "kind": "Error", "failFirst": 1 },
    { "target": "${ids.billing}", "kind": "Outage", "failFirst": null }
  ],
  "assertions": [
    { "type": "outcome", "id": "placed", "step": "place", "expected": "Succeeded" },
    { "type": "event-count", "id": "retried-once", "kind": "RetryScheduled", "target": "${ids.placeOrder}", "expected": 1 },
    { "type": "event-count", "id": "dead-lettered-twice", "kind": "DeadLettered", "target": null, "expected": 2 },
    { "type": "event-count", "id": "billed", "kind": "Delivered", "target": null, "expected": 1 }
  ]
}
`;
}

const announce = `[
        {
          "type": "publish", "id": "announce", "from": "${ids.orders}",
          "channel": "${ids.ordersExchange}", "message": "${ids.orderPlaced}",
          "payload": { "orderId": 7 }, "headers": {}, "routingKey": "order.placed",
          "handlers": { "${ids.billingSubscription}": [] }
        }
      ]`;

/** 1-based line of the first line of `text` holding `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  expect(index, `"${needle}" is in the text`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
}

describe.skipIf(chromiumMissing !== null)('the scenarios area in the browser', () => {
  let session: WebSession;
  let workspaceId: string;
  let projectId: string;
  const scenariosPath = () => `/w/${workspaceId}/p/${projectId}/scenarios`;

  beforeAll(async () => {
    session = await startWebSession();
    workspaceId = await session.model.createWorkspace('Shop design');
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    const imported = await session.model.importModel(projectId, shopModel);
    expect(imported.status, imported.text).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('writes a scenario: a syntax error stays in the browser, a refused save is shown at its line, the fix is saved', async () => {
    const { page, model } = session;
    await session.open(scenariosPath());
    await expect.poll(() => page.getByText('No scenarios yet').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'New scenario' }).click();
    const editor = page.getByLabel('Scenario document (JSON)');
    await editor.waitFor();
    expect(await editor.inputValue()).toContain('"name": "New scenario"');

    // A trailing comma: caught before anything is sent, with its line and column.
    const scenarioRequests = () => session.requests.filter((url) => url.includes(`/api/projects/${projectId}/scenarios`)).length;
    const before = scenarioRequests();
    const withComma = checkoutText('[],');
    await editor.fill(withComma);
    await page.getByRole('button', { name: 'Create scenario' }).click();
    const notSent = page.getByRole('alert').filter({ hasText: 'Not sent: the text is not valid JSON' });
    await notSent.waitFor();
    expect(await notSent.innerText()).toMatch(/Line \d+, column \d+: a member name in double quotes is expected here/);
    expect(scenarioRequests()).toBe(before);

    // `then` that is not a list: the save answers 400 with errors[].field = steps[0].then, shown at its line.
    const broken = checkoutText('"none"');
    await editor.fill(broken);
    await page.getByRole('button', { name: 'Create scenario' }).click();
    const problems = page.getByRole('region', { name: 'Problems' });
    const thenLine = lineOf(broken, '"then": "none"');
    const problem = problems.getByRole('listitem').filter({ hasText: 'steps[0].then' });
    await problem.waitFor();
    expect(await problem.innerText()).toMatch(new RegExp(`line ${thenLine}: steps\\[0\\]\\.then: must be a list of steps`));
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'not a scenario document' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.gutter-marked').innerText()).toContain(String(thenLine));
    expect((await model.api('GET', `/api/projects/${projectId}/scenarios/${scenarioId}`, { session: model.admin.session })).status).toBe(404);
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeScreenshot(page, 'scenario-editor-validation');

    // The line button puts the caret on that line.
    await problem.getByRole('button', { name: `line ${thenLine}` }).click();
    const caretLine = await editor.evaluate((area: HTMLTextAreaElement) => area.value.slice(0, area.selectionStart).split('\n').length);
    expect(caretLine).toBe(thenLine);

    // The fix: saved, the address becomes the scenario's own, the problem is gone.
    // Saved from the keyboard: Ctrl+S in the editor.
    await editor.fill(checkoutText(announce));
    await editor.press('Control+s');
    await expect.poll(() => page.url()).toContain(`/scenarios/${scenarioId}`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    expect(await problems.getByRole('listitem').count()).toBe(0);
    const stored = await model.api('GET', `/api/projects/${projectId}/scenarios/${scenarioId}`, { session: model.admin.session });
    expect(stored.status).toBe(200);
    expect(stored.json).toMatchObject({ name: 'Checkout while billing is down', faults: [{ kind: 'Error' }, { kind: 'Outage' }] });
  });

  it('runs the scenario with its faults: the retry and the dead letters in the timeline, the API hash, the assertion results', async () => {
    const { page, model } = session;
    await session.open(`${scenariosPath()}/${scenarioId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const timeline = page.getByRole('list', { name: 'Trace events in time order' });
    await timeline.waitFor();

    const api = await model.api('POST', `/api/projects/${projectId}/scenarios/${scenarioId}/run`, { session: model.admin.session });
    expect(api.status).toBe(200);
    const result = api.json as { hash: string; events: { kind: string; atMs: number }[] };
    await expect.poll(() => page.getByText(result.hash, { exact: true }).isVisible()).toBe(true);

    const kinds = await timeline.locator('.event-kind').allInnerTexts();
    expect(kinds.length).toBe(result.events.length);
    expect(kinds.map((text) => text.replace(/^\S+\s/, ''))).toEqual(result.events.map((event) => event.kind));
    const retry = timeline.getByRole('listitem').filter({ hasText: 'RetryScheduled' }).filter({ hasText: 'PlaceOrder' });
    expect(await retry.count()).toBe(1);
    expect(await retry.innerText()).toContain('next: attempt 2');
    expect(await timeline.getByRole('listitem').filter({ hasText: 'DeadLettered' }).count()).toBe(2);
    const faulted = timeline.getByRole('listitem').filter({ hasText: 'fault injected' });
    expect(await faulted.filter({ hasText: 'RequestFailed' }).innerText()).toContain('Error fault on operation PlaceOrder');
    expect(await faulted.filter({ hasText: 'DeliveryFailed' }).first().innerText()).toContain('Outage fault on element Billing');
    // Times in order, as the trace has them.
    const times = (await timeline.locator('.event-time').allInnerTexts()).map((t) => Number(/(\d+) ms/.exec(t)![1]));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const assertions = page.locator('.assertion-results li');
    expect(await assertions.allInnerTexts()).toEqual([
      expect.stringMatching(/passed\s+placed/),
      expect.stringMatching(/passed\s+retried-once/),
      expect.stringMatching(/passed\s+dead-lettered-twice/),
      expect.stringMatching(/failed\s+billed: .+/),
    ]);
    expect(await page.getByText('3 of 4 assertions passed.').isVisible()).toBe(true);

    // The filter by kind: hiding DeadLettered leaves none of them in the timeline.
    await page.getByRole('checkbox', { name: /DeadLettered \(2\)/ }).uncheck();
    expect(await timeline.getByRole('listitem').filter({ hasText: 'DeadLettered' }).count()).toBe(0);
    expect(await timeline.getByRole('listitem').count()).toBe(result.events.length - 2);
    await page.getByRole('button', { name: 'Show every kind' }).click();
    expect(await timeline.getByRole('listitem').count()).toBe(result.events.length);

    // Beside the timeline: the run as Mermaid sequence diagram text, exactly what the API answers for ?format=sequence.
    const sequence = page.getByLabel('Mermaid sequence diagram text');
    await expect.poll(() => sequence.isVisible()).toBe(true);
    const diagram = await model.api('POST', `/api/projects/${projectId}/scenarios/${scenarioId}/run?format=sequence`, { session: model.admin.session });
    expect(diagram.status).toBe(200);
    expect(await sequence.inputValue()).toBe(diagram.text);
    expect(diagram.text).toContain(`%% Run hash ${result.hash};`);
    expect(diagram.text).toMatch(/^sequenceDiagram$/m);
    expect(diagram.text).toContain('dead-lettered after attempt');
    expect(await page.getByRole('button', { name: 'Copy Mermaid text' }).isVisible()).toBe(true);

    await page.getByRole('heading', { name: 'Assertions' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await takeScreenshot(page, 'scenario-trace-timeline');
  });

  it('shows a run issue at the line of its step, and the editor and timeline fit 390 px', async () => {
    const { page, model } = session;
    const issueId = '5cea0000-0000-4000-8000-0000000015ae';
    const text = `{
  "id": "${issueId}",
  "name": "Calls an operation the model lacks",
  "steps": [
    { "type": "call", "id": "ghost", "from": "${ids.web}",
      "operation": "5ce00000-0000-4000-8000-0000000000ff",
      "request": null, "response": null, "then": [], "onError": [] }
  ],
  "faults": [],
  "assertions": []
}
`;
    const created = await model.api('POST', `/api/projects/${projectId}/scenarios`, { session: model.admin.session, json: JSON.parse(text) });
    expect(created.status, created.text).toBe(201);
    await page.setViewportSize({ width: 390, height: 800 });
    await session.open(`${scenariosPath()}/${issueId}`);
    await page.getByLabel('Scenario document (JSON)').fill(text);
    await page.getByRole('button', { name: 'Save and run' }).click();
    const issue = page.getByRole('region', { name: 'Problems' }).getByRole('listitem').filter({ hasText: 'unknown-operation' });
    await issue.waitFor();
    expect(await issue.innerText()).toMatch(new RegExp(`line ${lineOf(text, '"operation"')}: steps\\[0\\]\\.operation`));
    expect(await page.getByText('The scenario cannot be played').isVisible()).toBe(true);
    await noHorizontalScroll(page);

    await session.open(`${scenariosPath()}/${scenarioId}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('list', { name: 'Trace events in time order' }).waitFor();
    await noHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('plays over a branch when asked, and draws a long trace a hundred events at a time', async () => {
    const { page, model } = session;
    const branch = await model.api('POST', `/api/projects/${projectId}/branches`, { session: model.admin.session, json: { name: 'Billing rework', kind: 'draft' } });
    expect(branch.status, branch.text).toBe(201);
    const longId = '5cea0000-0000-4000-8000-0000000010f0';
    const writes = Array.from({ length: 130 }, (_, i) => ({ type: 'write', id: `w${i}`, by: ids.orders, store: '5ce00000-0000-4000-8000-000000000004', dataset: 'orders', change: { n: i } }));
    const created = await model.api('POST', `/api/projects/${projectId}/scenarios`, {
      session: model.admin.session,
      json: { id: longId, name: 'Many writes', steps: writes, faults: [], assertions: [] },
    });
    expect(created.status, created.text).toBe(201);

    await session.open(`${scenariosPath()}/${longId}`);
    await expect.poll(() => page.getByLabel('Play over').locator('option').count()).toBe(2);
    await page.getByLabel('Play over').selectOption({ label: 'Billing rework (draft)' });
    await expect.poll(() => page.url()).toContain(`branchId=${branch.json.id}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const timeline = page.getByRole('list', { name: 'Trace events in time order' });
    await timeline.waitFor();
    const overBranch = await model.api('POST', `/api/projects/${projectId}/scenarios/${longId}/run?branchId=${branch.json.id}`, { session: model.admin.session });
    await expect.poll(() => page.getByText(overBranch.json.hash, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Billing rework (draft), model version').isVisible()).toBe(true);

    expect(await page.getByText('Showing 100 of 130 events.').isVisible()).toBe(true);
    expect(await timeline.getByRole('listitem').count()).toBe(100);
    await page.getByRole('button', { name: 'Show 30 more events' }).click();
    expect(await timeline.getByRole('listitem').count()).toBe(130);
    expect(await timeline.getByRole('listitem').last().innerText()).toContain('w129');
  });

  it('lists scenarios by name, pages with the cursor, and deletes one', async () => {
    const { page, model } = session;
    const spareId = '5cea0000-0000-4000-8000-00000000057a';
    const spare = await model.api('POST', `/api/projects/${projectId}/scenarios`, {
      session: model.admin.session,
      json: { id: spareId, name: 'A spare scenario', steps: [], faults: [], assertions: [] },
    });
    expect(spare.status, spare.text).toBe(201);
    await session.open(scenariosPath());
    const rows = page.getByRole('table', { name: 'Scenarios by name' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await page.getByRole('table').getByRole('link').allInnerTexts()).toEqual(['A spare scenario', 'Calls an operation the model lacks', 'Checkout while billing is down', 'Many writes']);
    await takeScreenshot(page, 'scenario-list');

    await page.getByRole('button', { name: 'Delete A spare scenario' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    await page.getByRole('button', { name: 'Yes, delete A spare scenario' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Deleted “A spare scenario”' }).count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(4);
    expect((await model.api('GET', `/api/projects/${projectId}/scenarios/${spareId}`, { session: model.admin.session })).status).toBe(404);

    // 55 scenarios: the first page holds 50, Next reads the rest with the API's cursor.
    const many = (await model.createProject(workspaceId, 'Many scenarios')).id;
    for (let i = 1; i <= 55; i++) {
      const name = `Flow ${String(i).padStart(2, '0')}`;
      const answer = await model.api('POST', `/api/projects/${many}/scenarios`, {
        session: model.admin.session,
        json: { id: `5cea0000-0000-4000-8000-0000000010${String(i).padStart(2, '0')}`, name, steps: [], faults: [], assertions: [] },
      });
      expect(answer.status, answer.text).toBe(201);
    }
    await session.open(`/w/${workspaceId}/p/${many}/scenarios`);
    const links = page.getByRole('table').getByRole('link');
    await expect.poll(() => links.count()).toBe(50);
    expect(await links.first().innerText()).toBe('Flow 01');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => links.count()).toBe(5);
    expect(await links.allInnerTexts()).toEqual(['Flow 51', 'Flow 52', 'Flow 53', 'Flow 54', 'Flow 55']);
    expect(await page.getByText('Page 2').isVisible()).toBe(true);
  });

  it('sent no request outside the service and logged no console error', () => {
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
