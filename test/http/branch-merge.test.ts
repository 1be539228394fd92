import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, type CallOptions, type HttpAnswer } from '../support/http-client';
import { idFor, startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * Merging a branch into main and discarding one, over HTTP against the built server
 * (docs/change-review.md "Merge", "Discard"): a clean merge, a conflict refused and then
 * resolved, the expectedVersion guard, twenty merges of one branch at once, and a discard with
 * the branch's cost sheet and comments.
 */
describe('merge and discard a branch', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  const id = (label: string) => idFor('branch-merge', label);
  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const P = () => `/api/projects/${project.id}`;

  async function ok(answer: Promise<HttpAnswer>, status = 200): Promise<any> {
    const a = await answer;
    expect(a.status, a.text.slice(0, 800)).toBe(status);
    return a.json;
  }
  const newBranch = async (name: string) => (await ok(m.api('POST', `${P()}/branches`, admin({ name, kind: 'draft' })), 201)).id as string;
  const elementOn = async (elementId: string, branchId: string | null) => m.api('GET', `${P()}/elements/${elementId}${branchId ? `?branchId=${branchId}` : ''}`, admin());
  const rename = async (elementId: string, name: string, branchId: string | null) => {
    const current = (await elementOn(elementId, branchId)).json;
    return ok(m.api('PUT', `${P()}/elements/${elementId}${branchId ? `?branchId=${branchId}` : ''}`, admin({ ...current, name })));
  };
  const merge = (branchId: string, body: unknown = {}, query = '') => m.api('POST', `${P()}/branches/${branchId}/merge${query}`, admin(body));
  const element = (label: string, name: string) => ({ id: id(label), kind: 'system', name, description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null });

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Merges');
    project = await m.createProject(workspaceId, 'Shop');
    const imported = await m.importModel(project.id, {
      version: '1.0',
      elements: [element('shop', 'Shop'), element('orders', 'Orders'), element('billing', 'Billing')],
      relationships: [{ id: id('calls'), fromId: id('shop'), toId: id('orders'), label: 'calls', technology: null, kind: 'behavioural', lineShape: null, factStatus: 'declared', provenance: null, stale: null }],
    });
    expect(imported.status, imported.text).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await m?.stop();
  });

  it('merges a clean branch as one change of main, marks it merged and read only, and audits who merged', async () => {
    const branchId = await newBranch('Rename orders');
    await rename(id('orders'), 'Order service', branchId);
    await ok(m.api('POST', `${P()}/elements?branchId=${branchId}`, admin(element('payments', 'Payments'))), 201);
    const before = await m.modelVersion(project.id);

    const answer = await merge(branchId);
    const result = await ok(Promise.resolve(answer));
    expect(result).toMatchObject({ applied: true, modelVersion: before + 1, added: 1, changed: 1, deleted: 0, conflicts: [] });
    expect(answer.headers.get('model-version')).toBe(String(before + 1));
    expect(result.changes.map((c: any) => [c.id, c.change, c.from])).toEqual(expect.arrayContaining([[id('orders'), 'changed', 'branch'], [id('payments'), 'added', 'branch']]));
    expect(await m.modelVersion(project.id)).toBe(before + 1);
    expect((await elementOn(id('orders'), null)).json.name).toBe('Order service');
    expect((await elementOn(id('payments'), null)).status).toBe(200);

    const branch = await ok(m.api('GET', `${P()}/branches/${branchId}`, admin()));
    expect(branch.merged).toEqual({ at: expect.any(String), by: `user:${m.admin.id}`, modelVersion: before + 1 });
    // Read only: what was merged stays what the branch shows; its records still read.
    expectProblem(await m.api('PUT', `${P()}/elements/${id('shop')}?branchId=${branchId}`, admin(element('shop', 'Changed late'))), 409, 'conflict');
    expect((await elementOn(id('orders'), branchId)).json.name).toBe('Order service');
    expectProblem(await merge(branchId), 409, 'conflict');

    const audit = await ok(m.api('GET', `/api/workspaces/${workspaceId}/audit`, admin()));
    const entry = audit.items.find((e: any) => e.action === 'branch.merge');
    expect(entry).toMatchObject({ actor: `user:${m.admin.id}`, detail: { branchId, modelVersion: before + 1, added: 1, changed: 1 } });
  });

  it('refuses a conflict with 409 listing record and field, changes nothing, and merges once it is resolved', async () => {
    const branchId = await newBranch('Billing names');
    await rename(id('billing'), 'Invoicing', branchId);
    await rename(id('shop'), 'Web shop', branchId);
    await rename(id('billing'), 'Payments and billing', null);
    const before = await m.modelVersion(project.id);

    const refused = expectProblem(await merge(branchId), 409, 'conflict');
    expect(refused.errors).toEqual([{ field: `element:${id('billing')}/name`, message: expect.stringMatching(/main has "Payments and billing", the branch "Invoicing" \(at the branch point "Billing"\)/) }]);
    expect(await m.modelVersion(project.id)).toBe(before);
    expect((await elementOn(id('shop'), null)).json.name).toBe('Shop');

    const preview = await ok(merge(branchId, {}, '?dryRun=true'));
    expect(preview).toMatchObject({ applied: false, modelVersion: before, changed: 1 });
    expect(preview.conflicts).toEqual([
      { kind: 'element', id: id('billing'), name: 'Invoicing', base: 'present', main: 'present', branch: 'present', fields: [{ field: 'name', base: 'Billing', main: 'Payments and billing', branch: 'Invoicing' }], resolution: null },
    ]);
    expect(await m.modelVersion(project.id)).toBe(before);

    expectProblem(await merge(branchId, { resolutions: [{ id: id('orders'), take: 'main' }] }), 400, 'validation_error');
    const merged = await ok(merge(branchId, { resolutions: [{ id: id('billing'), take: 'branch' }] }, `?expectedVersion=${before}`));
    expect(merged).toMatchObject({ applied: true, modelVersion: before + 1, changed: 2 });
    expect(merged.conflicts[0].resolution).toBe('branch');
    expect((await elementOn(id('billing'), null)).json.name).toBe('Invoicing');
    expect((await elementOn(id('shop'), null)).json.name).toBe('Web shop');
  });

  it('keeps main\'s side when the resolution says so', async () => {
    const branchId = await newBranch('Keep main');
    await rename(id('billing'), 'Billing again', branchId);
    await rename(id('billing'), 'Billing on main', null);
    const merged = await ok(merge(branchId, { resolutions: [{ id: id('billing'), take: 'main' }] }));
    expect(merged).toMatchObject({ applied: true, added: 0, changed: 0, deleted: 0 });
    expect((await elementOn(id('billing'), null)).json.name).toBe('Billing on main');
  });

  it('answers an expectedVersion mismatch as an import does', async () => {
    const branchId = await newBranch('Stale preview');
    await rename(id('shop'), 'Shop front', branchId);
    const version = await m.modelVersion(project.id);
    const importAnswer = expectProblem(await m.importModel(project.id, { version: '1.0' }, `?expectedVersion=${version - 1}`), 409, 'conflict');
    const mergeAnswer = expectProblem(await merge(branchId, {}, `?expectedVersion=${version - 1}`), 409, 'conflict');
    const words = (p: typeof importAnswer) => ({ type: p.type, status: p.status, title: p.title, detail: p.detail, errors: p.errors });
    expect(words(mergeAnswer)).toEqual(words(importAnswer));
    expect(await m.modelVersion(project.id)).toBe(version);
  });

  it('applies exactly one of twenty merges of one branch sent at once; the others are told it is merged', async () => {
    const branchId = await newBranch('Many hands');
    await ok(m.api('POST', `${P()}/elements?branchId=${branchId}`, admin(element('ledger', 'Ledger'))), 201);
    const before = await m.modelVersion(project.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => merge(branchId)));
    const applied = answers.filter((a) => a.status === 200);
    expect(applied).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(expectProblem(answer, 409, 'conflict').title).toBe('Branch already merged');
    expect(await m.modelVersion(project.id)).toBe(before + 1);
    const ledgers = await ok(m.api('GET', `${P()}/elements?limit=200`, admin()));
    expect(ledgers.items.filter((e: any) => e.id === id('ledger'))).toHaveLength(1);
    expect(ledgers.total).toBe(5);
  });

  it('discards a branch with its cost sheet and comments; later reads are 404 and main is untouched', async () => {
    const branchId = await newBranch('Throwaway');
    await rename(id('shop'), 'Never merged', branchId);
    await ok(m.api('POST', `${P()}/costs/assumptions?branchId=${branchId}`, admin({ id: null, name: 'Hours', kind: 'usage', subjectId: null, value: '730', unit: 'hours', label: 'declared', source: null, effectiveDate: '2025-01-01' })), 201);
    const thread = await ok(m.api('POST', `${P()}/threads`, admin({ target: { kind: 'element', id: id('shop') }, body: 'Is this right?', draftId: branchId })), 201);
    const before = await m.modelVersion(project.id);

    expect((await m.api('DELETE', `${P()}/branches/${branchId}`, admin())).status).toBe(204);
    expectProblem(await m.api('GET', `${P()}/branches/${branchId}`, admin()), 404, 'not_found');
    expectProblem(await m.api('GET', `${P()}/costs?branchId=${branchId}`, admin()), 404, 'not_found');
    expectProblem(await m.api('GET', `${P()}/threads/${thread.id}`, admin()), 404, 'not_found');
    expectProblem(await m.api('DELETE', `${P()}/branches/${branchId}`, admin()), 404, 'not_found');
    expect(await m.modelVersion(project.id)).toBe(before);
    expect((await elementOn(id('shop'), null)).json.name).toBe('Web shop');
    const branches = await ok(m.api('GET', `${P()}/branches`, admin()));
    expect(branches.items.map((b: any) => b.id)).not.toContain(branchId);
  });
});
