import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrice, resourceBody } from '../support/cost-fixtures';
import { expectProblem, type CallOptions } from '../support/http-client';
import { fullModelDocument, idFor, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * The review of a branch over HTTP (docs/change-review.md "Review"): the records the draft
 * changes, the cost delta against the two estimates read through their own endpoint, a scenario
 * whose assertion passes on main and fails on the draft (and one that plays the same, which is
 * not listed), a finding the draft adds and one it fixes, the open threads on the draft, another
 * project's branch, viewer access.
 */

const seed = 'b4a9c4e0-0000-4000-8000-000000000001';
const id = (label: string) => idFor(seed, label);
const asOf = '2026-06-30';

/** An exact decimal as a whole number of 10^-12 units, so differences are checked without floating point. */
function units(text: string): bigint {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole!) * 10n ** 12n + BigInt(fraction.padEnd(12, '0'));
  return text.startsWith('-') ? -value : value;
}
const totalIn = (totals: { currency: string; monthlyCost: string }[], currency: string) => units(totals.find((t) => t.currency === currency)?.monthlyCost ?? '0');

describe('the review of a branch over HTTP', () => {
  let m: ModelService;
  let project: Project;
  let viewer: Person;
  let draftId: string;
  let variantId: string;
  let openThreadId: string;
  let otherProject: Project;
  let otherDraftId: string;

  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const P = (p: Project = project) => `/api/projects/${p.id}`;
  async function send(method: string, path: string, options: CallOptions, status: number) {
    const answer = await m.api(method, path, options);
    expect(answer.status, `${method} ${path}: ${answer.text.slice(0, 400)}`).toBe(status);
    return answer.json;
  }
  const review = (branchId: string, as: CallOptions = admin()) => send('GET', `${P()}/branches/${branchId}/review?asOf=${asOf}`, as, 200);

  /** A publish to the exchange that its keyed binding routes to the web's queue: one delivery. */
  const routedScenario = {
    id: id('scenario-routed'),
    name: 'Order placed reaches the web',
    steps: [{ type: 'publish', id: 'announce', from: id('orders'), channel: id('c-exchange'), message: id('m-placed'), payload: { orderId: 1 }, headers: {}, handlers: {}, routingKey: 'orders.placed' }],
    faults: [],
    assertions: [
      { type: 'event-count', id: 'delivered-to-web', kind: 'Delivered', target: id('sub-web'), expected: 1 },
      { type: 'outcome', id: 'announced', step: 'announce', expected: 'Succeeded' },
    ],
  };
  /** A call no change of the draft touches. */
  const steadyScenario = {
    id: id('scenario-steady'),
    name: 'Rebuild the web',
    steps: [{ type: 'call', id: 'rebuild', from: id('customer'), operation: id('o-cmd'), request: null, response: null, then: [], onError: [] }],
    faults: [],
    assertions: [{ type: 'outcome', id: 'rebuilt', step: 'rebuild', expected: 'Succeeded' }],
  };

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Review');
    project = await m.createProject(workspaceId, 'Shop');
    expect((await m.importModel(project.id, fullModelDocument(seed))).status).toBe(200);
    viewer = await m.newPerson('viewer@review.test', [{ workspaceId, role: 'viewer' }]);

    // Main's sheet: 0.1 × 3 × 730 = 219 USD and 0.0184 × 512.5 = 9.43 EUR.
    await insertPrice(m.database.db, { workspaceId, provider: 'azure', region: 'westeurope', sku: 'D2s v5', unit: '1 Hour', unitPrice: '0.1000', currency: 'USD', effectiveDate: '2026-05-01' });
    await insertPrice(m.database.db, { workspaceId, provider: 'azure', region: 'westeurope', sku: 'Standard LRS', unit: '1 GB/Month', unitPrice: '0.0184', currency: 'EUR', effectiveDate: '2026-02-15' });
    const hours = [{ label: 'hours', quantity: 730, assumptionId: null, unit: 'h' }];
    await send('POST', `${P()}/costs/resources`, admin(resourceBody(id('web'), { id: id('r-web'), name: 'Web servers', quantity: 3, usage: hours })), 201);
    await send('POST', `${P()}/costs/resources`, admin(resourceBody(id('db'), { id: id('r-disk'), name: 'Disk', category: 'storage', sku: 'Standard LRS', quantity: '512.5' })), 201);
    for (const scenario of [routedScenario, steadyScenario]) await send('POST', `${P()}/scenarios`, admin(scenario), 201);

    draftId = (await send('POST', `${P()}/branches`, admin({ name: 'Cheaper routing', kind: 'draft' }), 201)).id;
    variantId = (await send('POST', `${P()}/branches`, admin({ name: 'Untouched variant', kind: 'variant' }), 201)).id;
    const onDraft = `?branchId=${draftId}`;
    // The draft: a fourth web server and a cache; the keyed binding gone; the relationship to the removed store gone.
    await send('PUT', `${P()}/costs/resources/${id('r-web')}${onDraft}`, admin(resourceBody(id('web'), { name: 'Web servers', quantity: 4, usage: hours })), 200);
    await send('POST', `${P()}/costs/resources${onDraft}`, admin(resourceBody(id('web'), { id: id('r-cache'), name: 'Cache' })), 201);
    await send('DELETE', `${P()}/bindings/${id('b-keyed')}${onDraft}`, admin(), 204);
    await send('DELETE', `${P()}/relationships/${id('r-stores')}${onDraft}`, admin(), 204);
    const checkout = fullModelDocument(seed).elements.find((e) => e.id === id('checkout'))!;
    await send('PUT', `${P()}/elements/${id('checkout')}${onDraft}`, admin({ ...checkout, name: 'Checkout page' }), 200);

    const thread = (body: string, draft: string | null) => send('POST', `${P()}/threads`, admin({ target: { kind: 'element', id: id('orders') }, body, draftId: draft }), 201);
    openThreadId = (await thread('Does anything still write to the orders store?', draftId)).id;
    const resolved = await thread('Is the cache sized right?', draftId);
    await send('POST', `${P()}/threads/${resolved.id}/resolve`, admin(), 200);
    await thread('A thread on main, not on the draft', null);

    otherProject = await m.createProject(workspaceId, 'Elsewhere');
    otherDraftId = (await send('POST', `${P(otherProject)}/branches`, admin({ name: 'Other draft', kind: 'draft' }), 201)).id;
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('lists the records the draft adds, removes and changes against main, with counts per kind', async () => {
    const { diff } = await review(draftId);
    expect(diff.items).toEqual([
      { kind: 'element', id: id('checkout'), name: 'Checkout page', change: 'changed', fields: ['name'] },
      { kind: 'relationship', id: id('r-stores'), name: null, change: 'removed', fields: [] },
      { kind: 'binding', id: id('b-keyed'), name: null, change: 'removed', fields: [] },
    ]);
    const counted = Object.fromEntries(diff.counts.map((c: { kind: string }) => [c.kind, c]));
    expect(Object.keys(counted)).toEqual(['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding']);
    expect(counted.element).toEqual({ kind: 'element', added: 0, removed: 0, changed: 1 });
    expect(counted.relationship).toEqual({ kind: 'relationship', added: 0, removed: 1, changed: 0 });
    expect(counted.binding).toEqual({ kind: 'binding', added: 0, removed: 1, changed: 0 });
    expect((await review(variantId)).diff.items).toEqual([]);
  });

  it('gives the cost delta of main and the draft on the day asked, equal to the difference of their own estimates, per resource and per currency', async () => {
    const answer = await review(draftId);
    const mainEstimate = await send('GET', `${P()}/costs/estimate?asOf=${asOf}`, admin(), 200);
    const draftEstimate = await send('GET', `${P()}/costs/estimate?asOf=${asOf}&branchId=${draftId}`, admin(), 200);
    expect(answer).toMatchObject({ projectId: project.id, asOf, branch: { id: draftId, name: 'Cheaper routing', kind: 'draft' }, mainVersion: await m.modelVersion(project.id) });
    expect(answer.costs).toMatchObject({ asOf, left: { line: 'main', totals: mainEstimate.totals }, right: { line: draftId, branchId: draftId, totals: draftEstimate.totals } });
    for (const currency of ['EUR', 'USD']) {
      const delta = answer.costs.totalsDifference.find((t: { currency: string }) => t.currency === currency);
      expect(units(delta.monthlyCost), currency).toBe(totalIn(draftEstimate.totals, currency) - totalIn(mainEstimate.totals, currency));
    }
    // By hand: 4 × 730 × 0.1 + 0.1 − 3 × 730 × 0.1 = 73.1 USD; the disk is the same on both sides.
    expect(answer.costs.totalsDifference).toEqual([
      { currency: 'EUR', monthlyCost: '0' },
      { currency: 'USD', monthlyCost: '73.1' },
    ]);
    const byResource = Object.fromEntries(answer.costs.resources.map((r: { resourceId: string }) => [r.resourceId, r]));
    expect(byResource[id('r-web')]).toMatchObject({ change: 'changed', difference: [{ currency: 'USD', monthlyCost: '73' }] });
    expect(byResource[id('r-cache')]).toMatchObject({ change: 'added', left: null, difference: [{ currency: 'USD', monthlyCost: '0.1' }] });
    expect(byResource[id('r-disk')]).toMatchObject({ change: 'unchanged', difference: [{ currency: 'EUR', monthlyCost: '0' }] });
    // The same comparison as the compare endpoint gives for main against the draft.
    expect(answer.costs).toEqual(await send('GET', `${P()}/costs/compare?left=main&right=${draftId}&asOf=${asOf}`, admin(), 200));
  });

  it('lists the scenario whose assertion passes on main and fails on the draft, and not the one that plays the same', async () => {
    const { scenarios } = await review(draftId);
    expect(scenarios).toMatchObject({ total: 2, compared: 2 });
    expect(scenarios.changed.map((s: { scenarioId: string }) => s.scenarioId)).toEqual([routedScenario.id]);
    const [routed] = scenarios.changed;
    expect(routed).toMatchObject({
      name: routedScenario.name,
      hashChanged: true,
      main: { assertionsPassed: 2, assertionsFailed: 0, issueCount: 0 },
      branch: { assertionsPassed: 1, assertionsFailed: 1, issueCount: 0 },
      issuesAdded: [],
      issuesRemoved: [],
    });
    expect(routed.assertions).toEqual([{ id: 'delivered-to-web', main: true, branch: false, detail: expect.any(String) }]);
    // The figures are those of the runs themselves.
    const runOn = async (query: string) => send('POST', `${P()}/scenarios/${routedScenario.id}/run${query}`, admin(), 200);
    expect(routed.main.hash).toBe((await runOn('')).hash);
    expect(routed.branch.hash).toBe((await runOn(`?branchId=${draftId}`)).hash);
  });

  it('lists a review finding the draft adds as added and one it fixes as removed', async () => {
    const { findings } = await review(draftId);
    const ids = (list: { id: string }[]) => list.map((f) => f.id);
    // Without the relationship, Orders touches nothing (RV007); the relationship to the removed store (RV001) and its stale mark (RV006) are gone.
    expect(ids(findings.added)).toEqual([`RV007:${id('orders')}`]);
    expect(findings.added[0]).toMatchObject({ ruleId: 'RV007', subject: { kind: 'element', id: id('orders'), name: 'Orders' } });
    expect(ids(findings.removed)).toEqual([`RV001:${id('r-stores')}`, `RV006:${id('r-stores')}`]);
    expect(findings).toMatchObject({ addedCount: 1, removedCount: 2 });
  });

  it('lists the open threads on the draft only, and a variant has none and nothing changed', async () => {
    const { threads } = await review(draftId);
    expect(threads.items.map((t: { id: string }) => t.id)).toEqual([openThreadId]);
    expect(threads.items[0]).toMatchObject({ status: 'open', draftId, firstComment: { body: 'Does anything still write to the orders store?' } });
    expect(threads.nextCursor).toBeNull();

    const variant = await review(variantId);
    expect(variant.threads).toEqual({ items: [], nextCursor: null });
    expect(variant.scenarios).toEqual({ total: 2, compared: 2, changed: [] });
    expect(variant.findings).toEqual({ addedCount: 0, removedCount: 0, added: [], removed: [] });
    expect(variant.costs.totalsDifference.every((t: { monthlyCost: string }) => t.monthlyCost === '0')).toBe(true);
  });

  it('lets a viewer read the review; another project’s branch, main and a stranger get 404; a bad day is 400', async () => {
    expect(await review(draftId, { session: viewer.session })).toEqual(await review(draftId));
    expectProblem(await m.api('GET', `${P()}/branches/${otherDraftId}/review`, admin()), 404);
    expectProblem(await m.api('GET', `${P()}/branches/${project.id}/review`, admin()), 404);
    const stranger = await m.newPerson('stranger@review.test', [{ workspaceId: await m.createWorkspace('Strangers'), role: 'owner' }]);
    expectProblem(await m.api('GET', `${P()}/branches/${draftId}/review`, { session: stranger.session }), 404);
    const badDay = expectProblem(await m.api('GET', `${P()}/branches/${draftId}/review?asOf=2026-02-30`, admin()), 400);
    expect(badDay.errors.map((e) => e.field)).toEqual(['asOf']);
  });
});
