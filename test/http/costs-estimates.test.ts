import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, callToolError, connectMcp } from '../support/agent-fixtures';
import { assumptionBody, insertPrice, resourceBody } from '../support/cost-fixtures';
import { expectProblem, type CallOptions } from '../support/http-client';
import { fullModelDocument, idFor, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * Estimates over HTTP against the built server and a real PostgreSQL (part 1 "Cost sheets and
 * estimates", part 2 `cost.*`; docs/costs.md), every figure worked out by hand below: looked-up
 * and named prices, a stale price, two currencies, prices that take effect after `asOf`, the
 * unpriced resources and their reasons; the workspace settings the estimate reads; compare
 * between main, a branch and a revision; saved estimates that stay as computed when prices and
 * the sheet change; the prices the project uses; the agent tool; who may read and save.
 */

const seed = 'e5713a7e-0000-4000-8000-000000000001';
const id = (label: string) => idFor(seed, label);
const truthNote = 'estimate from declared prices and assumptions, not a bill';
const asOf = '2026-06-30';

/** Prices, assumptions and resources of one workspace and project, as the figures below assume. */
interface Seeded {
  workspaceId: string;
  project: Project;
  prices: { old: string; current: string; future: string; disk: string; batch: string; otherRegion: string };
}

describe('cost estimates over HTTP', () => {
  let m: ModelService;
  let main: Seeded;
  let viewer: Person;
  let outsider: Person;
  let readToken: string;
  let mcp: Client;

  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const costs = (p: Project, rest = '') => `/api/projects/${p.id}/costs${rest}`;
  async function send(method: string, path: string, json: unknown, status: number, options: CallOptions = admin(json)) {
    const answer = await m.api(method, path, options);
    expect(answer.status, answer.text).toBe(status);
    return answer.json;
  }
  const estimateOf = (p: Project, query: string, options: CallOptions = admin()) => send('GET', costs(p, `/estimate${query}`), undefined, 200, options);

  /**
   * D2s v5 in westeurope: 0.096 USD from 2026-01-01, 0.1 from 2026-05-01, 0.2 from 2026-08-01 (and
   * 5 USD in eastus, never matched); Standard LRS 0.0184 EUR from 2026-02-15 (named by priceRef);
   * t3.micro 0.0104 USD from 2026-07-15. Assumptions: hours = 730, unknown = no value.
   */
  async function seedWorkspace(name: string): Promise<Seeded> {
    const workspaceId = await m.createWorkspace(name);
    const project = await m.createProject(workspaceId, `${name} project`);
    expect((await m.importModel(project.id, fullModelDocument(seed))).status).toBe(200);
    const price = (sku: string, unitPrice: string, effectiveDate: string, over: Partial<Parameters<typeof insertPrice>[1]> = {}) =>
      insertPrice(m.database.db, { workspaceId, provider: 'azure', region: 'westeurope', sku, unit: '1 Hour', unitPrice, currency: 'USD', effectiveDate, ...over });
    const prices = {
      old: await price('D2s v5', '0.096', '2026-01-01'),
      current: await price('D2s v5', '0.1000', '2026-05-01'),
      future: await price('D2s v5', '0.2', '2026-08-01'),
      disk: await price('Standard LRS', '0.0184', '2026-02-15', { unit: '1 GB/Month', currency: 'EUR' }),
      batch: await price('t3.micro', '0.0104', '2026-07-15', { provider: 'aws', region: 'us-east-1', unit: 'Hrs' }),
      otherRegion: await price('D2s v5', '5', '2026-05-01', { region: 'eastus' }),
    };
    await send('POST', costs(project, '/assumptions'), assumptionBody({ id: id('hours'), value: 730 }), 201);
    await send('POST', costs(project, '/assumptions'), assumptionBody({ id: id('unknown'), name: 'Cache hours', value: null }), 201);
    const hours = { label: 'hours', quantity: null, assumptionId: id('hours'), unit: 'h' };
    const resources = [
      resourceBody(id('web'), { id: id('r1'), name: 'Web servers', quantity: 3, usage: [hours] }),
      resourceBody(id('db'), { id: id('r2'), name: 'Disk', category: 'storage', sku: 'Standard LRS', quantity: '512.5', priceRef: prices.disk }),
      resourceBody(id('orders'), { id: id('r3'), name: 'Order server', quantity: null, usage: [{ label: 'hours', quantity: 730, assumptionId: null, unit: 'h' }, { label: 'share', quantity: '0.5', assumptionId: null, unit: null }] }),
      resourceBody(id('orders'), { id: id('r4'), name: 'Batch', provider: 'aws', region: 'us-east-1', sku: 't3.micro', quantity: 2 }),
      resourceBody(id('web'), { id: id('r5'), name: 'Mystery', sku: 'Nothing' }),
      resourceBody(id('web'), { id: id('r6'), name: 'Cache', usage: [{ label: 'hours', quantity: null, assumptionId: id('unknown'), unit: 'h' }] }),
      resourceBody(id('web'), { id: id('r7'), name: 'Legacy', priceRef: prices.old, usage: [hours] }),
      resourceBody(id('db'), { id: id('r8'), name: 'Backups', sku: null }),
    ];
    for (const body of resources) await send('POST', costs(project, '/resources'), body, 201);
    return { workspaceId, project, prices };
  }

  beforeAll(async () => {
    m = await startModelService();
    main = await seedWorkspace('Estimates');
    viewer = await m.newPerson('viewer@estimates.test', [{ workspaceId: main.workspaceId, role: 'viewer' }]);
    outsider = await m.newPerson('outsider@estimates.test', [{ workspaceId: await m.createWorkspace('Outside'), role: 'owner' }]);
    readToken = await m.createToken(main.workspaceId, ['read']);
    mcp = await connectMcp(m.service.url, readToken);
  });

  afterAll(async () => {
    await mcp?.close();
    await m?.stop();
  });

  it('prices each resource by hand-checkable figures: lookup and priceRef, stale prices, two currencies, unpriced resources with their reasons', async () => {
    const estimate = await estimateOf(main.project, `?asOf=${asOf}`);
    const sheet = await send('GET', costs(main.project), undefined, 200);
    expect(estimate).toMatchObject({ projectId: main.project.id, line: 'main', branchId: null, revisionId: null, asOf, sheetVersion: sheet.version, modelVersion: await m.modelVersion(main.project.id), currency: 'USD', stalePriceAfterDays: 90, truthNote });
    // 0.1 × 3 × 730 = 219; 0.0184 × 512.5 = 9.43; 0.1 × 1 × 730 × 0.5 = 36.5; 0.096 × 1 × 730 = 70.08.
    expect(estimate.lines).toEqual([
      {
        resourceId: id('r1'),
        elementId: id('web'),
        name: 'Web servers',
        category: 'compute',
        provider: 'azure',
        region: 'westeurope',
        sku: 'D2s v5',
        quantity: '3',
        quantityDefaulted: false,
        unit: null,
        usage: [{ label: 'hours', quantity: '730', assumptionId: id('hours'), unit: 'h' }],
        assumptionIds: [id('hours')],
        priceId: main.prices.current,
        priceOrigin: 'lookup',
        unitPrice: '0.1',
        currency: 'USD',
        priceUnit: '1 Hour',
        effectiveDate: '2026-05-01',
        stale: false,
        monthlyCost: '219',
        factStatus: 'declared',
      },
      expect.objectContaining({ resourceId: id('r2'), priceId: main.prices.disk, priceOrigin: 'priceRef', unitPrice: '0.0184', currency: 'EUR', effectiveDate: '2026-02-15', stale: true, quantity: '512.5', monthlyCost: '9.43', assumptionIds: [] }),
      expect.objectContaining({
        resourceId: id('r3'),
        priceId: main.prices.current,
        quantity: '1',
        quantityDefaulted: true,
        usage: [
          { label: 'hours', quantity: '730', assumptionId: null, unit: 'h' },
          { label: 'share', quantity: '0.5', assumptionId: null, unit: null },
        ],
        monthlyCost: '36.5',
        stale: false,
      }),
      expect.objectContaining({ resourceId: id('r7'), priceId: main.prices.old, priceOrigin: 'priceRef', effectiveDate: '2026-01-01', stale: true, monthlyCost: '70.08', assumptionIds: [id('hours')] }),
    ]);
    expect(estimate.unpriced).toEqual([
      { resourceId: id('r4'), elementId: id('orders'), name: 'Batch', category: 'compute', reason: 'price-not-yet-in-force', detail: expect.stringContaining('2026-07-15'), priceId: main.prices.batch, assumptionIds: [] },
      { resourceId: id('r5'), elementId: id('web'), name: 'Mystery', category: 'compute', reason: 'no-matching-price', detail: expect.stringContaining('Nothing'), priceId: null, assumptionIds: [] },
      { resourceId: id('r6'), elementId: id('web'), name: 'Cache', category: 'compute', reason: 'assumption-without-value', detail: expect.stringContaining(id('unknown')), priceId: main.prices.current, assumptionIds: [id('unknown')] },
      { resourceId: id('r8'), elementId: id('db'), name: 'Backups', category: 'compute', reason: 'no-sku', detail: expect.any(String), priceId: null, assumptionIds: [] },
    ]);
    // 219 + 36.5 + 70.08 = 325.58 USD; 9.43 EUR, never converted.
    expect(estimate.totals).toEqual([
      { currency: 'EUR', monthlyCost: '9.43', lineCount: 1 },
      { currency: 'USD', monthlyCost: '325.58', lineCount: 3 },
    ]);
    const byElement = Object.fromEntries(estimate.byElement.map((e: { elementId: string }) => [e.elementId, e]));
    expect(Object.keys(byElement).sort()).toEqual([id('web'), id('orders'), id('db')].sort());
    expect(byElement[id('web')]).toEqual({ elementId: id('web'), totals: [{ currency: 'USD', monthlyCost: '289.08' }], unpricedCount: 2 });
    expect(byElement[id('orders')]).toEqual({ elementId: id('orders'), totals: [{ currency: 'USD', monthlyCost: '36.5' }], unpricedCount: 1 });
    expect(byElement[id('db')]).toEqual({ elementId: id('db'), totals: [{ currency: 'EUR', monthlyCost: '9.43' }], unpricedCount: 1 });
    expect(estimate.staleCount).toBe(2);
    // Amounts are decimal strings everywhere, never JSON numbers.
    expect(JSON.stringify(estimate)).not.toMatch(/"(monthlyCost|unitPrice|quantity)":\d/);
  });

  it('reads the prices in force on asOf: later prices take over, earlier days find none yet; today by default', async () => {
    const august = await estimateOf(main.project, '?asOf=2026-08-15');
    // Stale before 2026-05-17. 0.2 × 3 × 730 = 438; 0.2 × 730 × 0.5 = 73; 0.0104 × 2 = 0.0208; 70.08 as before.
    expect(august.lines.map((l: any) => [l.resourceId, l.priceId, l.monthlyCost, l.stale])).toEqual([
      [id('r1'), main.prices.future, '438', false],
      [id('r2'), main.prices.disk, '9.43', true],
      [id('r3'), main.prices.future, '73', false],
      [id('r4'), main.prices.batch, '0.0208', false],
      [id('r7'), main.prices.old, '70.08', true],
    ]);
    expect(august.totals).toEqual([
      { currency: 'EUR', monthlyCost: '9.43', lineCount: 1 },
      { currency: 'USD', monthlyCost: '581.1008', lineCount: 4 },
    ]);

    const before = await estimateOf(main.project, '?asOf=2025-12-31');
    expect(before.lines).toEqual([]);
    expect(before.totals).toEqual([]);
    expect(Object.fromEntries(before.unpriced.map((u: any) => [u.resourceId, [u.reason, u.priceId]]))).toEqual({
      [id('r1')]: ['price-not-yet-in-force', main.prices.old],
      [id('r2')]: ['price-not-yet-in-force', main.prices.disk],
      [id('r3')]: ['price-not-yet-in-force', main.prices.old],
      [id('r4')]: ['price-not-yet-in-force', main.prices.batch],
      [id('r5')]: ['no-matching-price', null],
      [id('r6')]: ['price-not-yet-in-force', main.prices.old],
      [id('r7')]: ['price-not-yet-in-force', main.prices.old],
      [id('r8')]: ['no-sku', null],
    });

    const today = new Date().toISOString().slice(0, 10);
    expect((await estimateOf(main.project, '')).asOf).toBe(today);

    for (const bad of ['2026-02-30', '30/06/2026', '', '2026-6-30']) {
      const problem = expectProblem(await m.api('GET', costs(main.project, `/estimate?asOf=${encodeURIComponent(bad)}`), admin()), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field)).toEqual(['asOf']);
    }
    expectProblem(await m.api('GET', costs(main.project, '/estimate?asof=2026-01-01'), admin()), 400, 'validation_error');
  });

  it('reads cost.currency and cost.stalePriceAfterDays from the workspace settings', async () => {
    const own = await seedWorkspace('Settings');
    await insertPrice(m.database.db, { workspaceId: own.workspaceId, provider: 'azure', region: 'westeurope', sku: 'D2s v5', unit: '1 Hour', unitPrice: '0.09', currency: 'EUR', effectiveDate: '2026-06-01' });
    // USD stays preferred while cost.currency is USD, though the EUR price is newer.
    expect((await estimateOf(own.project, `?asOf=${asOf}`)).totals).toEqual([
      { currency: 'EUR', monthlyCost: '9.43', lineCount: 1 },
      { currency: 'USD', monthlyCost: '325.58', lineCount: 3 },
    ]);
    const current = await m.api('GET', `/api/workspaces/${own.workspaceId}/settings`, admin());
    expect(current.status, current.text).toBe(200);
    const saved = await m.api('PUT', `/api/workspaces/${own.workspaceId}/settings`, { ...admin({ ...current.json.overrides, cost: { currency: 'EUR', stalePriceAfterDays: 200 } }), headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
    const estimate = await estimateOf(own.project, `?asOf=${asOf}`);
    expect(estimate).toMatchObject({ currency: 'EUR', stalePriceAfterDays: 200, staleCount: 0 });
    // 0.09 × 3 × 730 = 197.1; 0.09 × 730 × 0.5 = 32.85; + 9.43 EUR. 70.08 USD by priceRef.
    expect(estimate.totals).toEqual([
      { currency: 'EUR', monthlyCost: '239.38', lineCount: 3 },
      { currency: 'USD', monthlyCost: '70.08', lineCount: 1 },
    ]);
  });

  it('compares main, a branch and a revision resource by resource, with both figures and the difference per currency', async () => {
    const own = await seedWorkspace('Compare');
    const p = own.project;
    const revision = await send('POST', `/api/projects/${p.id}/revisions`, { name: 'Baseline' }, 201);
    const branch = await send('POST', `/api/projects/${p.id}/branches`, { name: 'Bigger web', kind: 'variant' }, 201);
    const hours = { label: 'hours', quantity: null, assumptionId: id('hours'), unit: 'h' };
    await send('PUT', costs(p, `/resources/${id('r1')}?branchId=${branch.id}`), resourceBody(id('web'), { name: 'Web servers', quantity: 5, usage: [hours] }), 200);
    await send('DELETE', costs(p, `/resources/${id('r3')}?branchId=${branch.id}`), undefined, 200);
    await send('POST', costs(p, `/resources?branchId=${branch.id}`), resourceBody(id('web'), { id: id('r9'), name: 'Search', quantity: 2 }), 201);

    const comparison = await send('GET', costs(p, `/compare?left=main&right=${branch.id}&asOf=${asOf}`), undefined, 200);
    expect(comparison).toMatchObject({ projectId: p.id, asOf, truthNote, currency: 'USD', stalePriceAfterDays: 90 });
    expect(comparison.left).toMatchObject({ line: 'main', branchId: null, revisionId: null, unpricedCount: 4, staleCount: 2, totals: [{ currency: 'EUR', monthlyCost: '9.43', lineCount: 1 }, { currency: 'USD', monthlyCost: '325.58', lineCount: 3 }] });
    // 0.1 × 5 × 730 = 365; 0.1 × 2 = 0.2; 365 + 70.08 + 0.2 = 435.28.
    expect(comparison.right).toMatchObject({ line: branch.id, branchId: branch.id, revisionId: null, unpricedCount: 4, totals: [{ currency: 'EUR', monthlyCost: '9.43', lineCount: 1 }, { currency: 'USD', monthlyCost: '435.28', lineCount: 3 }] });
    const byId = Object.fromEntries(comparison.resources.map((r: any) => [r.resourceId, r]));
    expect(comparison.resources.map((r: any) => r.resourceId)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9'].map(id));
    expect(byId[id('r1')]).toEqual({
      resourceId: id('r1'),
      name: 'Web servers',
      elementId: id('web'),
      change: 'changed',
      left: { priced: true, monthlyCost: '219', currency: 'USD', priceId: own.prices.current, effectiveDate: '2026-05-01', stale: false },
      right: { priced: true, monthlyCost: '365', currency: 'USD', priceId: own.prices.current, effectiveDate: '2026-05-01', stale: false },
      difference: [{ currency: 'USD', monthlyCost: '146' }],
    });
    expect(byId[id('r2')]).toMatchObject({ change: 'unchanged', difference: [{ currency: 'EUR', monthlyCost: '0' }] });
    expect(byId[id('r3')]).toMatchObject({ change: 'removed', left: { monthlyCost: '36.5' }, right: null, difference: [{ currency: 'USD', monthlyCost: '-36.5' }] });
    expect(byId[id('r4')]).toMatchObject({ change: 'unchanged', left: { priced: false, reason: 'price-not-yet-in-force' }, difference: null });
    expect(byId[id('r9')]).toMatchObject({ change: 'added', left: null, right: { monthlyCost: '0.2' }, difference: [{ currency: 'USD', monthlyCost: '0.2' }] });
    expect(comparison.totalsDifference).toEqual([
      { currency: 'EUR', monthlyCost: '0' },
      { currency: 'USD', monthlyCost: '109.7' },
    ]);

    // The revision holds main's sheet as it was: nothing differs.
    const frozen = await send('GET', costs(p, `/compare?left=${revision.id}&right=main&asOf=${asOf}`), undefined, 200);
    expect(frozen.left).toMatchObject({ line: revision.id, revisionId: revision.id, branchId: null });
    expect(frozen.resources.every((r: any) => r.change === 'unchanged')).toBe(true);
    expect(frozen.totalsDifference).toEqual([
      { currency: 'EUR', monthlyCost: '0' },
      { currency: 'USD', monthlyCost: '0' },
    ]);
    // The frozen sheet's own estimate reads through ?revisionId=.
    expect((await estimateOf(p, `?revisionId=${revision.id}&asOf=${asOf}`)).totals).toEqual(comparison.left.totals);

    const refused = async (query: string, field: string, message?: string) => {
      const problem = expectProblem(await m.api('GET', costs(p, `/compare?${query}`), admin()), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field)).toEqual([field]);
      if (message) expect(problem.errors[0]!.message).toBe(message);
    };
    await refused('right=main', 'left', 'is required');
    await refused('left=main', 'right', 'is required');
    await refused('left=mainline&right=main', 'left');
    await refused(`left=main&right=${id('nothing')}`, 'right');
    await refused(`left=main&right=${main.project.id}`, 'right');
    await refused('left=main&right=main&asOf=2026-13-01', 'asOf');
    await refused(`left=main&right=main&branchId=${branch.id}`, 'branchId');
  });

  it('keeps a saved estimate as it was computed when prices and the sheet change later', async () => {
    const own = await seedWorkspace('Saved');
    const p = own.project;
    const live = await estimateOf(p, `?asOf=${asOf}`);
    const saved = await send('POST', costs(p, '/estimates'), { name: 'June plan', asOf }, 201);
    expect(saved).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), projectId: p.id, line: 'main', branchId: null, name: 'June plan', asOf, createdBy: `user:${m.admin.id}`, createdAt: expect.any(String), estimate: live });
    const unnamed = await send('POST', costs(p, '/estimates'), { name: null, asOf: null }, 201);
    expect(unnamed.asOf).toBe(new Date().toISOString().slice(0, 10));
    const branch = await send('POST', `/api/projects/${p.id}/branches`, { name: 'Alt', kind: 'draft' }, 201);
    const onBranch = await send('POST', costs(p, `/estimates?branchId=${branch.id}`), { name: 'Alt plan', asOf }, 201);
    expect(onBranch).toMatchObject({ line: branch.id, branchId: branch.id, estimate: { line: branch.id, branchId: branch.id } });

    // The price in force changes, a newer one comes, a resource goes.
    await m.database.db.updateTable('price_entries').set({ unit_price: '0.5' }).where('id', '=', own.prices.current).execute();
    await insertPrice(m.database.db, { workspaceId: own.workspaceId, provider: 'azure', region: 'westeurope', sku: 'D2s v5', unit: '1 Hour', unitPrice: '0.3', currency: 'USD', effectiveDate: '2026-06-01' });
    await send('DELETE', costs(p, `/resources/${id('r7')}`), undefined, 200);
    const after = await estimateOf(p, `?asOf=${asOf}`);
    // 0.3 × 3 × 730 = 657; 0.3 × 730 × 0.5 = 109.5.
    expect(after.totals).toEqual([
      { currency: 'EUR', monthlyCost: '9.43', lineCount: 1 },
      { currency: 'USD', monthlyCost: '766.5', lineCount: 2 },
    ]);
    const reread = await send('GET', costs(p, `/estimates/${saved.id}`), undefined, 200);
    expect(reread).toEqual(saved);
    expect(reread.estimate.totals).toEqual(live.totals);

    const list = await send('GET', costs(p, '/estimates'), undefined, 200);
    expect(list.items.map((i: any) => i.id)).toEqual([onBranch.id, unnamed.id, saved.id]);
    expect(list.items[2]).toEqual({
      id: saved.id,
      line: 'main',
      branchId: null,
      name: 'June plan',
      asOf,
      sheetVersion: live.sheetVersion,
      modelVersion: live.modelVersion,
      totals: live.totals,
      unpricedCount: 4,
      staleCount: 2,
      createdBy: `user:${m.admin.id}`,
      createdAt: saved.createdAt,
    });
    expect((await send('GET', costs(p, `/estimates?branchId=${branch.id}`), undefined, 200)).items.map((i: any) => i.id)).toEqual([onBranch.id]);
    expectProblem(await m.api('GET', costs(p, `/estimates/${saved.id}?branchId=${branch.id}`), admin()), 404, 'not_found');

    expect((await m.api('DELETE', costs(p, `/estimates/${saved.id}`), admin())).status).toBe(204);
    expectProblem(await m.api('GET', costs(p, `/estimates/${saved.id}`), admin()), 404, 'not_found');
    expectProblem(await m.api('DELETE', costs(p, `/estimates/${saved.id}`), admin()), 404, 'not_found');
    // Another project's estimate is nothing here.
    expectProblem(await m.api('GET', costs(main.project, `/estimates/${unnamed.id}`), admin()), 404, 'not_found');

    const refused = async (body: unknown, field: string, message?: string) => {
      const problem = expectProblem(await m.api('POST', costs(p, '/estimates'), admin(body)), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field)).toEqual([field]);
      if (message) expect(problem.errors[0]!.message).toBe(message);
    };
    await refused({ asOf }, 'name', 'is required');
    await refused({ name: 'x' }, 'asOf', 'is required');
    await refused({ name: 'x', asOf: '2026-06-31' }, 'asOf');
    await refused({ name: '', asOf }, 'name');
    await refused({ name: 'x', asOf, line: 'main' }, 'line');
    expect((await send('GET', costs(p, '/estimates'), undefined, 200)).items).toHaveLength(2);
  });

  it('lists the workspace prices the sheets of every line use, with the resources using them', async () => {
    const own = await seedWorkspace('Prices');
    const p = own.project;
    const branch = await send('POST', `/api/projects/${p.id}/branches`, { name: 'Alt', kind: 'draft' }, 201);
    await send('POST', costs(p, `/resources?branchId=${branch.id}`), resourceBody(id('orders'), { id: id('r9'), name: 'Batch 2', provider: 'aws', region: 'us-east-1', sku: 't3.micro', quantity: 1 }), 201);

    const listed = await send('GET', costs(p, `/prices?asOf=${asOf}`), undefined, 200);
    expect(listed.asOf).toBe(asOf);
    expect(listed.items.map((i: any) => i.price.id)).toEqual([own.prices.old, own.prices.current, own.prices.disk]);
    expect(listed.items[1].price).toEqual({
      id: own.prices.current,
      workspaceId: own.workspaceId,
      source: 'custom',
      provider: 'azure',
      region: 'westeurope',
      sku: 'D2s v5',
      description: null,
      unit: '1 Hour',
      unitPrice: '0.1',
      currency: 'USD',
      effectiveDate: '2026-05-01',
      catalogRef: null,
      roundedFrom: null,
      createdBy: 'user:test',
      createdAt: expect.any(String),
    });
    const uses = (item: any) => item.usedBy.map((u: any) => [u.line, u.resourceId, u.priceOrigin]);
    // Main's uses first, then the branch's (a copy of main's sheet and its own resource).
    expect(uses(listed.items[1])).toEqual([
      ['main', id('r1'), 'lookup'],
      ['main', id('r3'), 'lookup'],
      ['main', id('r6'), 'lookup'],
      [branch.id, id('r1'), 'lookup'],
      [branch.id, id('r3'), 'lookup'],
      [branch.id, id('r6'), 'lookup'],
    ]);
    expect(uses(listed.items[0])).toEqual([
      ['main', id('r7'), 'priceRef'],
      [branch.id, id('r7'), 'priceRef'],
    ]);
    expect(listed.items[0].usedBy[1]).toEqual({ line: branch.id, branchId: branch.id, revisionId: null, resourceId: id('r7'), resourceName: 'Legacy', elementId: id('web'), priceOrigin: 'priceRef' });
    // In August the batch price is in force (aws sorts first), and the newer D2s v5 one replaces the May one.
    const august = await send('GET', costs(p, '/prices?asOf=2026-08-15'), undefined, 200);
    expect(august.items.map((i: any) => i.price.id)).toEqual([own.prices.batch, own.prices.old, own.prices.future, own.prices.disk]);
    expect(uses(august.items[0])).toEqual([
      ['main', id('r4'), 'lookup'],
      [branch.id, id('r4'), 'lookup'],
      [branch.id, id('r9'), 'lookup'],
    ]);
    expectProblem(await m.api('GET', costs(p, `/prices?branchId=${branch.id}`), admin()), 400, 'validation_error');
  });

  it('get_cost_estimate answers the same estimate to an agent, with the truth note', async () => {
    const http = await estimateOf(main.project, `?asOf=${asOf}`);
    const { envelope } = await callTool(mcp, 'get_cost_estimate', { projectId: main.project.id, asOf });
    expect(envelope).toEqual({ projectId: main.project.id, truth: 'declared', truthNote, data: http, nextCursor: null, notice: null });
    const branch = await send('POST', `/api/projects/${main.project.id}/branches`, { name: 'Agent view', kind: 'draft' }, 201);
    const onBranch = await callTool(mcp, 'get_cost_estimate', { projectId: main.project.id, branchId: branch.id.toUpperCase(), asOf: null });
    expect(onBranch.envelope.data).toMatchObject({ line: branch.id, branchId: branch.id, asOf: new Date().toISOString().slice(0, 10), truthNote });
    const bad = await callToolError(mcp, 'get_cost_estimate', { projectId: main.project.id, asOf: '2026-02-30' });
    expect(bad).toMatchObject({ type: 'validation_error', status: 400 });
    expect(bad.errors.map((e) => e.field)).toEqual(['asOf']);
    expect(await callToolError(mcp, 'get_cost_estimate', { projectId: main.project.id, branchId: id('nothing') })).toMatchObject({ type: 'not_found', status: 404 });
    expect(await callToolError(mcp, 'get_cost_estimate', { projectId: id('nothing') })).toMatchObject({ type: 'not_found', status: 404 });
  });

  it('viewers and read tokens read estimates, comparisons, saved estimates and prices; only editors save or delete; other workspaces see nothing', async () => {
    const reads = [`/estimate?asOf=${asOf}`, `/compare?left=main&right=main&asOf=${asOf}`, '/estimates', `/prices?asOf=${asOf}`];
    for (const path of reads) {
      const asAdmin = await send('GET', costs(main.project, path), undefined, 200);
      expect(await send('GET', costs(main.project, path), undefined, 200, { session: viewer.session })).toEqual(asAdmin);
      expect(await send('GET', costs(main.project, path), undefined, 200, { token: readToken })).toEqual(asAdmin);
      expectProblem(await m.api('GET', costs(main.project, path), { session: outsider.session }), 404, 'not_found');
    }
    expectProblem(await m.api('POST', costs(main.project, '/estimates'), { session: viewer.session, json: { name: null, asOf: null } }), 403, 'forbidden');
    expectProblem(await m.api('POST', costs(main.project, '/estimates'), { token: readToken, json: { name: null, asOf: null } }), 403, 'forbidden');
    const saved = await send('POST', costs(main.project, '/estimates'), { name: 'Kept', asOf }, 201);
    expect(await send('GET', costs(main.project, `/estimates/${saved.id}`), undefined, 200, { token: readToken })).toEqual(saved);
    expectProblem(await m.api('DELETE', costs(main.project, `/estimates/${saved.id}`), { session: viewer.session }), 403, 'forbidden');
    expectProblem(await m.api('DELETE', costs(main.project, `/estimates/${saved.id}`), { token: readToken }), 403, 'forbidden');
    expectProblem(await m.api('GET', costs(main.project, `/estimates/${saved.id}`), { session: outsider.session }), 404, 'not_found');
    expect((await m.api('DELETE', costs(main.project, `/estimates/${saved.id}`), admin())).status).toBe(204);
  });
});
