import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, loadTestModel } from '../fixtures/load-tests/fixture-model';
import type { Person } from '../support/model-api';
import { chromiumMissing, requestsLeavingService, startWebSession, takeScreenshot, type WebSession } from './web-browser';

/**
 * The load-tests area in headless chromium against the built service
 * (docs/load-tests.md), driven as a person drives it: a target added from
 * the scenario picker and authorised by the owner (a bad base URL refused
 * beside its field, a model that moved meanwhile answered 409 and authorised
 * again at the new version), what editors and viewers are shown, a stress
 * profile from the starting values, a k6 script written, copied and
 * downloaded, a non-idempotent POST refused with its reason, the instance's
 * stress-run limit answered 429 with its Retry-After, the k6 summary fixture
 * uploaded and its p95 read back, a summary missing p95 refused naming it
 * and one over 4 MiB refused with the API's 413, two results compared
 * against a verdict worked out by hand and one against the estimate of a
 * promise's playback run, and an override typed by the owner.
 */
if (chromiumMissing) console.log(`load-tests (web): browser tests skipped: ${chromiumMissing}`);

const fixtures = resolve(import.meta.dirname, '../fixtures/load-tests');
const summaryFile = join(fixtures, 'k6-summary-export.json');

/** A scenario whose one call step looks an order up: `GET /orders/{orderId}` with its path parameter in the request. */
const lookupOrderScenario = {
  id: '0b6f5a61-0000-4000-8000-000000000071',
  name: 'Look up an order',
  steps: [{ type: 'call', id: 'lookup', from: ids.customer, operation: ids.listOrders, request: { orderId: 'o-42' }, response: null, then: [], onError: [] }],
  faults: [],
  assertions: [],
};
const lookupTarget = 'Look up an order › lookup';

/** The labelled form field around the control labelled `label`, with its message. */
function fieldOf(form: Locator, label: string): Locator {
  return form.locator('.field').filter({ has: form.page().getByLabel(label, { exact: true }) });
}

/** The card of a target in the list, by its name. */
function targetCard(page: Page, name: string): Locator {
  return page.locator('.load-tests-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The value of the option of a select whose text holds `text`. */
async function optionValue(select: Locator, text: string): Promise<string> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  expect(value, `an option holding "${text}"`).toBeTruthy();
  return value!;
}

describe.skipIf(chromiumMissing !== null)('the load-tests area in headless chromium', () => {
  let session: WebSession;
  let page: Page;
  let workspaceId: string;
  let projectId: string;
  let base: string;
  const admin = () => ({ session: session.model.admin.session });
  const api = (method: string, path: string, json?: unknown) => session.model.api(method, path, { ...admin(), ...(json === undefined ? {} : { json }) });
  const L = () => `/api/projects/${projectId}/load-tests`;

  async function setPolicy(change: Record<string, unknown>): Promise<void> {
    const current = await api('GET', '/api/instance/settings');
    expect(current.status, current.text).toBe(200);
    const saved = await session.model.api('PUT', '/api/instance/settings', { ...admin(), json: { policy: { ...current.json.policy, ...change }, defaults: current.json.defaults }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  beforeAll(async () => {
    session = await startWebSession();
    page = session.page;
    workspaceId = await session.model.createWorkspace('Load');
    projectId = (await session.model.createProject(workspaceId, 'Shop')).id;
    base = `/w/${workspaceId}/p/${projectId}/load-tests`;
    const imported = await session.model.importModel(projectId, loadTestModel());
    expect(imported.status, imported.text.slice(0, 500)).toBe(200);
    const scenario = await api('POST', `/api/projects/${projectId}/scenarios`, lookupOrderScenario);
    expect(scenario.status, scenario.text).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('adds targets from the pickers and authorises one as owner: a bad URL beside its field, a moved model answered 409 and authorised again', async () => {
    await session.open(base);
    await expect.poll(() => page.getByText('No targets yet.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Load tests' }).getAttribute('aria-current')).toBe('page');

    const add = page.getByRole('form', { name: 'Add a target' });
    await add.getByLabel('Kind').selectOption('scenario-step');
    await add.getByLabel('Scenario').selectOption({ label: 'Look up an order' });
    await expect.poll(() => add.getByLabel('Call step').locator('option').allInnerTexts()).toContain('lookup (calls GET /orders/{orderId})');
    await add.getByLabel('Call step').selectOption('lookup');
    await add.getByRole('button', { name: 'Add target' }).click();
    const card = targetCard(page, lookupTarget);
    await card.waitFor();
    expect(await card.innerText()).toContain('not authorised');

    // An operation of main, picked by its name.
    await add.getByLabel('Kind').selectOption('operation');
    await add.getByLabel('Operation').selectOption({ label: 'POST /orders' });
    await add.getByRole('button', { name: 'Add target' }).click();
    await targetCard(page, 'POST /orders').waitFor();
    const stored = (await api('GET', `${L()}/targets`)).json.items as { id: string; name: string; subjectId: string; stepId: string | null }[];
    expect(stored.map((t) => [t.name, t.subjectId, t.stepId])).toEqual([
      [lookupTarget, lookupOrderScenario.id, 'lookup'],
      ['POST /orders', ids.placeOrder, null],
    ]);

    // Authorise: the version shown is main's now, and is the one sent.
    const version = await session.model.modelVersion(projectId);
    await card.getByRole('button', { name: `Authorise ${lookupTarget}` }).click();
    const form = page.getByRole('form', { name: `Authorise ${lookupTarget}` });
    expect(await form.locator('.load-tests-version strong').innerText()).toBe(String(version));
    await form.getByLabel('Base URL').fill('ftp://staging.shop.example');
    await form.getByLabel('Environment (optional)').fill('staging');
    await form.getByRole('button', { name: `Authorise at version ${version}` }).click();
    const urlField = fieldOf(form, 'Base URL');
    const urlError = urlField.locator('.field-error');
    await urlError.waitFor();
    expect(await urlError.innerText()).toContain('must be an absolute http or https URL');
    expect(await form.getByLabel('Base URL').getAttribute('aria-describedby')).toContain(await urlError.getAttribute('id'));
    expect(await form.getByLabel('Base URL').getAttribute('aria-invalid')).toBe('true');
    await takeScreenshot(page, 'load-tests-authorise-field-error');

    // Main moves while the form is open: the API's 409 in its own words, and a way to authorise the version now.
    const document = loadTestModel();
    document.operations[0]!.timeoutMs = 900;
    expect((await session.model.importModel(projectId, document)).status).toBe(200);
    await form.getByLabel('Base URL').fill('https://staging.shop.example');
    await form.getByRole('button', { name: `Authorise at version ${version}` }).click();
    const conflict = form.locator('.load-tests-conflict');
    await conflict.getByRole('button', { name: `Authorise at version ${version + 1}` }).waitFor();
    expect(await conflict.innerText()).toContain(`The main model has moved past version ${version} to ${version + 1}`);
    await conflict.getByRole('button', { name: `Authorise at version ${version + 1}` }).click();
    await expect.poll(() => card.innerText()).toContain(`against main version ${version + 1}, by you`);
    expect(await card.innerText()).toContain('https://staging.shop.example (staging)');
    const authorised = (await api('GET', `${L()}/targets`)).json.items[0];
    expect(authorised.authorisation).toMatchObject({ baseUrl: 'https://staging.shop.example', environment: 'staging', version: version + 1 });
    await takeScreenshot(page, 'load-tests-targets');
  });

  it('shows editors no owner action and viewers no change at all', async () => {
    const people: [Person, boolean][] = [
      [await session.model.newPerson('editor@load.test', [{ workspaceId, role: 'editor' }]), true],
      [await session.model.newPerson('viewer@load.test', [{ workspaceId, role: 'viewer' }]), false],
    ];
    for (const [person, editor] of people) {
      const other = await session.pageAs(person);
      await other.goto(base);
      const card = targetCard(other, lookupTarget);
      await card.waitFor();
      expect(await other.getByRole('heading', { name: 'Add a target' }).count()).toBe(editor ? 1 : 0);
      expect(await card.getByRole('button', { name: `Change target ${lookupTarget}` }).count()).toBe(editor ? 1 : 0);
      expect(await card.getByRole('button', { name: /^(Authorise|Override)/ }).count()).toBe(0);
      await other.close();
    }
  });

  it('makes a stress profile from the starting values, a rule between values refused beside its field', async () => {
    await session.open(`${base}/profiles`);
    await page.getByRole('button', { name: /^Start from Steady/ }).click();
    const form = page.getByRole('form', { name: 'Make a stress profile' });
    await form.getByLabel('Name').fill('Steady lookups');
    await form.getByLabel('Duration (seconds)').fill('60');
    await form.getByLabel('Warm-up (seconds)').fill('60');
    await form.getByRole('button', { name: 'Make profile' }).click();
    const warmUpError = fieldOf(form, 'Warm-up (seconds)').locator('.field-error');
    await warmUpError.waitFor();
    expect(await warmUpError.innerText()).toBe('must be less than durationSeconds');
    await form.getByLabel('Warm-up (seconds)').fill('10');
    await form.getByRole('button', { name: 'Make profile' }).click();
    const row = page.getByRole('row', { name: /Steady lookups/ });
    await row.waitFor();
    // 10 s warming up to the arrival rate, then 50 s at it.
    const rate = (await api('GET', `${L()}/profiles`)).json.items[0].arrivalRatePerSecond;
    expect(await row.innerText()).toContain(`10 s to ${rate}/s, 50 s to ${rate}/s`);
  });

  it('writes a k6 script, copies and downloads it, and lists the reason a non-idempotent POST is refused', async () => {
    // The POST target is authorised through the API: the flow in the browser was shown above.
    const post = (await api('GET', `${L()}/targets`)).json.items.find((t: { name: string }) => t.name === 'POST /orders');
    expect((await api('POST', `${L()}/targets/${post.id}/authorise`, { baseUrl: 'https://staging.shop.example', environment: null, version: null })).status).toBe(200);

    await session.open(`${base}/scripts`);
    const form = page.getByRole('form', { name: 'Write a k6 script' });
    await form.getByLabel('Target').selectOption({ label: lookupTarget });
    await form.getByLabel('Stress profile').selectOption({ label: 'Steady lookups' });
    await form.getByRole('button', { name: 'Write script' }).click();
    const text = page.getByLabel('k6 script', { exact: true });
    await text.waitFor();
    await page.getByRole('status').filter({ hasText: 'A new script was written.' }).waitFor();
    const content = await text.inputValue();
    expect(content).toContain("import http from 'k6/http'");
    expect(content).toContain('/orders/o-42');
    expect(await text.getAttribute('readonly')).not.toBeNull();
    const hash = createHash('sha256').update(content).digest('hex');
    expect(await page.locator('.load-tests-hash').innerText()).toBe(hash);
    const stored = (await api('GET', `${L()}/scripts`)).json.items;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ contentHash: hash, branchId: null });
    expect(page.url()).toContain(`script=${stored[0].id}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${stored[0].fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(stored[0].fileName);
    expect(stored[0].fileName).toMatch(/\.js$/);
    expect(await readFile((await download.path())!, 'utf8')).toBe(content);
    await page.getByRole('button', { name: 'Copy script' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Copied$|^Copy failed/ }).count()).toBe(1);

    // The same inputs again: the stored script, answered 200.
    await form.getByRole('button', { name: 'Write script' }).click();
    await page.getByRole('status').filter({ hasText: 'written before from the same target' }).waitFor();
    expect((await api('GET', `${L()}/scripts`)).json.items).toHaveLength(1);
    await page.getByLabel('k6 script', { exact: true }).evaluate((area) => area.scrollIntoView({ block: 'center' }));
    await takeScreenshot(page, 'load-tests-script');

    await form.getByLabel('Target').selectOption({ label: 'POST /orders' });
    await form.getByRole('button', { name: 'Write script' }).click();
    const refusal = form.locator('.load-tests-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Script refused');
    const reasons = await refusal.getByRole('listitem').allInnerTexts();
    expect(reasons).toEqual([expect.stringContaining('POST /orders is not idempotent (a POST whose request schema declares no idempotency key)')]);
    expect((await api('GET', `${L()}/scripts`)).json.items).toHaveLength(1);
    await takeScreenshot(page, 'load-tests-script-refused');
  });

  it('answers a run past the instance limit with 429 and its Retry-After, stores the k6 summary that ends the run, and names what a summary misses', async () => {
    await setPolicy({ maxConcurrentStressRuns: 1 });
    try {
      await session.open(`${base}/results`);
      const runForm = page.getByRole('form', { name: 'Start a stress run' });
      await runForm.getByRole('button', { name: 'Start a run' }).click();
      await page.locator('.load-tests-run-running').first().waitFor();
      await runForm.getByRole('button', { name: 'Start a run' }).click();
      const busy = runForm.locator('.load-tests-busy');
      await busy.waitFor();
      expect(await busy.innerText()).toContain('At most 1 stress run(s) may run at once on this instance');
      const seconds = Number(/Retry after (\d+) seconds?/.exec(await busy.innerText())?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect((await api('GET', `${L()}/runs`)).json.items).toHaveLength(1);
    } finally {
      await setPolicy({ maxConcurrentStressRuns: 3 });
    }

    // The fixture k6 wrote with --summary-export, ending the running run.
    const upload = page.getByRole('form', { name: 'Add a measured result' });
    await upload.getByLabel('Stress run it ends (optional)').selectOption({ index: 1 });
    await upload.getByLabel('Summary file').setInputFiles(summaryFile);
    await upload.getByRole('button', { name: 'Add k6-summary-export.json' }).click();
    const stored = page.getByRole('status').filter({ hasText: 'Result stored' });
    await stored.waitFor();
    expect(await stored.innerText()).toContain('p95 412.5 ms');
    await page.locator('.load-tests-run-finished').waitFor();
    expect((await api('GET', `${L()}/runs`)).json.items[0]).toMatchObject({ status: 'finished', resultId: expect.any(String) });

    // A summary without p(95): refused, naming the metric; nothing stored.
    const summary = JSON.parse(await readFile(summaryFile, 'utf8'));
    delete summary.metrics.http_req_duration['p(95)'];
    await upload.getByLabel('Or paste the summary (JSON)').fill(JSON.stringify(summary));
    await upload.getByRole('button', { name: 'Add result' }).click();
    const refusal = upload.locator('.load-tests-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Result refused');
    expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^metrics\.http_req_duration\.p\(95\): missing: summaryTrendStats must include med, p\(90\) and p\(95\)/)]);
    expect((await api('GET', `${L()}/results`)).json.items).toHaveLength(1);

    // Over the 4 MiB a result may have: refused from its length, the API's answer shown.
    await upload.getByLabel('Summary file').setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ pad: 'x'.repeat(4 * 1024 * 1024) })) });
    await upload.getByRole('button', { name: 'Add huge.json' }).click();
    const tooLarge = upload.getByRole('alert').filter({ hasText: 'Request body too large' });
    await tooLarge.waitFor();
    expect(await tooLarge.innerText()).toContain('413 payload_too_large');
    expect((await api('GET', `${L()}/results`)).json.items).toHaveLength(1);

    // The result page: the figures as k6 gave them, the truth label and where they came from.
    await stored.getByRole('link', { name: 'open it' }).click();
    const figures = page.getByRole('table', { name: 'Figures per operation' });
    await figures.waitFor();
    const row = figures.getByRole('row', { name: /GET \/orders\/\{orderId\}/ });
    expect(await row.locator('[data-figure="p95Ms"]').innerText()).toBe('412.5');
    expect(await row.locator('[data-figure="count"]').innerText()).toBe('1200');
    expect(await row.locator('[data-figure="errorRate"]').innerText()).toBe('0.02');
    const heading = page.getByRole('heading', { level: 2 });
    expect(await heading.locator('.truth-measured').innerText()).toBe('measured');
    expect(await heading.locator('.provenance').innerText()).toBe('from load-test:k6-summary-export');
    await takeScreenshot(page, 'load-tests-result');
  });

  it('compares two results against a verdict worked out by hand, and one with the estimate of a playback run', async () => {
    // The candidate: p95 412.5 → 330 ms, failures 24 → 42 of 1200 requests, 20 requests a second both times.
    const summary = JSON.parse(await readFile(summaryFile, 'utf8'));
    summary.metrics.http_req_duration['p(95)'] = 330;
    summary.metrics.http_req_failed = { passes: 42, fails: 1158, value: 0.035 };
    await session.open(`${base}/results`);
    const upload = page.getByRole('form', { name: 'Add a measured result' });
    await upload.getByLabel('Or paste the summary (JSON)').fill(JSON.stringify(summary));
    await upload.getByRole('button', { name: 'Add result' }).click();
    await page.getByRole('status').filter({ hasText: 'p95 330 ms' }).waitFor();

    await page.getByRole('navigation', { name: 'Load tests' }).getByRole('link', { name: 'Compare' }).click();
    const form = page.getByRole('form', { name: 'Compare two results' });
    await form.getByLabel('Baseline').selectOption(await optionValue(form.getByLabel('Baseline'), 'p95 412.5 ms'));
    await form.getByLabel('Candidate').selectOption(await optionValue(form.getByLabel('Candidate'), 'p95 330 ms'));
    await form.getByRole('button', { name: 'Compare results' }).click();
    const view = page.locator('.load-tests-regression');
    await view.waitFor();
    // By hand: p95 (330 − 412.5) ÷ 412.5 × 100 = −20 %, past −10 %: improved. Error rate 24/1200 = 0.02 → 42/1200 = 0.035,
    // (0.035 − 0.02) × 100 = +1.5 points, past +1: regressed. Throughput 20 → 20: 0 %, same. Any measure regressed: regressed.
    const measure = (key: string) => view.locator(`tr[data-measure="${key}"]`);
    expect(await measure('p95Ms').locator('td').allInnerTexts()).toEqual(['412.5', '330', '-20 %', 'improved']);
    expect(await measure('errorRate').locator('td').allInnerTexts()).toEqual(['0.02', '0.035', '+1.5 points', 'regressed']);
    expect(await measure('throughputPerSecond').locator('td').allInnerTexts()).toEqual(['20', '20', '0 %', 'same']);
    expect(await measure('operation').locator('td').innerText()).toBe('regressed');
    expect(await view.getByRole('heading', { name: 'Verdict: regressed' }).count()).toBe(1);
    expect(page.url()).toMatch(/baseline=.+&candidate=/);
    await view.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await takeScreenshot(page, 'load-tests-compare');

    // A stored playback run: a promise whose scenario-check plays the lookup.
    const promise = await api('POST', `/api/projects/${projectId}/promises`, { title: 'Orders can be looked up', obligations: [{ kind: 'scenario-check', title: 'Look up', recipe: { scenarioId: lookupOrderScenario.id } }] });
    expect(promise.status, promise.text).toBe(201);
    const run = await api('POST', `/api/projects/${projectId}/promises/${promise.json.id}/runs`, { obligation: 'O1', draft: true });
    expect(run.status, run.text).toBe(201);
    await page.reload();
    const estimate = page.getByRole('form', { name: 'Compare a result with the estimate' });
    await estimate.getByLabel('Result').selectOption(await optionValue(estimate.getByLabel('Result'), 'p95 412.5 ms'));
    await estimate.getByLabel('Promise').selectOption(await optionValue(estimate.getByLabel('Promise'), 'Orders can be looked up'));
    await expect.poll(() => estimate.getByLabel('Playback run').locator('option').count()).toBe(2);
    await estimate.getByLabel('Playback run').selectOption({ index: 1 });
    await estimate.getByRole('button', { name: 'Compare with the estimate' }).click();
    const lines = page.locator('.load-tests-estimate');
    await lines.waitFor();
    // By hand: 1200 requests over 1000 iterations, one call of the lookup in the playback: 1.2 attempts a call, over the 1 of an operation without retry.
    const budget = lines.getByRole('row', { name: /within the retry budget/ });
    expect(await budget.locator('td').allInnerTexts()).toEqual([expect.any(String), '1', '1.2', 'attempts per call', 'outside', expect.any(String)]);
    // GET /orders/{orderId} declares no timeout: nothing to hold p95 against.
    expect(await lines.getByRole('row', { name: /p95 under the timeout/ }).locator('.badge').innerText()).toBe('not-comparable');
  });

  it('lets the owner allow a non-idempotent call with a reason and the name typed again, after which its script is written', async () => {
    await session.open(base);
    const card = targetCard(page, 'POST /orders');
    await card.getByRole('button', { name: 'Override POST /orders' }).click();
    const form = page.getByRole('form', { name: 'Override the safe defaults of POST /orders' });
    await form.getByLabel('Allow calls that are not idempotent').check();
    await form.getByLabel('Reason').fill('The staging shop drops orders every night.');
    await form.getByLabel('Target name, typed again').fill('post /orders');
    await form.getByRole('button', { name: 'Save the override' }).click();
    const nameError = fieldOf(form, 'Target name, typed again').locator('.field-error');
    await nameError.waitFor();
    expect(await nameError.innerText()).toBe(`must repeat the target's name exactly: "POST /orders"`);
    expect(await fieldOf(form, 'Reason').locator('.field-error').count()).toBe(0);
    expect((await api('GET', `${L()}/targets`)).json.items[1].override).toBeNull();
    await form.getByLabel('Target name, typed again').fill('POST /orders');
    await form.getByRole('button', { name: 'Save the override' }).click();
    await expect.poll(() => card.innerText()).toContain('non-idempotent calls allowed by you');
    expect(await card.innerText()).toContain('The staging shop drops orders every night.');

    await session.open(`${base}/scripts`);
    const write = page.getByRole('form', { name: 'Write a k6 script' });
    await write.getByLabel('Target').selectOption({ label: 'POST /orders' });
    await write.getByLabel('Stress profile').selectOption({ label: 'Steady lookups' });
    await write.getByRole('button', { name: 'Write script' }).click();
    await page.getByRole('status').filter({ hasText: 'A new script was written.' }).waitFor();
    expect(await page.getByLabel('k6 script', { exact: true }).inputValue()).toContain('The staging shop drops orders every night.');

    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
