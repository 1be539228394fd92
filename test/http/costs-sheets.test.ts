import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assumptionBody, insertPrice, resourceBody } from '../support/cost-fixtures';
import { expectProblem, type CallOptions } from '../support/http-client';
import { fullModelDocument, idFor, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * Cost sheets over HTTP against the built server and a real PostgreSQL (part 1 "Cost sheets and
 * estimates"; docs/costs.md): resources and assumptions written and answered as the whole sheet,
 * the version raised once per change, every body rule a 400 naming its field with nothing stored,
 * the 409s and 404s, the lines (a branch starts as a copy of main, a revision keeps the sheet as
 * it was), copies between lines, and who may read and write.
 */

const seed = 'c0575eed-0000-4000-8000-000000000001';
const id = (label: string) => idFor(seed, label);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('cost sheets over HTTP', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  let otherProject: Project;
  let otherWorkspacePrice: string;
  let editor: Person;
  let viewer: Person;
  let outsider: Person;
  let readToken: string;

  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const costs = (rest = '', p: Project = project) => `/api/projects/${p.id}/costs${rest}`;
  const sheetOf = async (query = '', p: Project = project) => {
    const answer = await m.api('GET', `${costs('', p)}${query}`, admin());
    expect(answer.status, answer.text).toBe(200);
    return answer.json;
  };
  async function send(method: string, path: string, json: unknown, status: number) {
    const answer = await m.api(method, path, admin(json));
    expect(answer.status, answer.text).toBe(status);
    return answer.json;
  }

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Costs');
    project = await m.createProject(workspaceId, 'Shop costs');
    expect((await m.importModel(project.id, fullModelDocument(seed))).status).toBe(200);
    const otherWorkspace = await m.createWorkspace('Elsewhere');
    otherProject = await m.createProject(otherWorkspace, 'Other costs');
    expect((await m.importModel(otherProject.id, fullModelDocument('c0575eed-0000-4000-8000-000000000002'))).status).toBe(200);
    otherWorkspacePrice = await insertPrice(m.database.db, { workspaceId: otherWorkspace, provider: 'azure', region: null, sku: 'x', unit: '1 Hour', unitPrice: '1', currency: 'USD', effectiveDate: '2026-01-01' });
    editor = await m.newPerson('editor@costs.test', [{ workspaceId, role: 'editor' }]);
    viewer = await m.newPerson('viewer@costs.test', [{ workspaceId, role: 'viewer' }]);
    outsider = await m.newPerson('outsider@costs.test', [{ workspaceId: otherWorkspace, role: 'owner' }]);
    readToken = await m.createToken(workspaceId, ['read']);
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('a sheet never changed reads as empty at version 0', async () => {
    const fresh = await m.createProject(workspaceId, 'Fresh');
    expect(await sheetOf('', fresh)).toEqual({ projectId: fresh.id, branchId: null, revisionId: null, version: 0, resources: [], assumptions: [], updatedAt: null });
  });

  it('adds, replaces and deletes resources and assumptions, each answering the whole sheet one version higher, in sheet order', async () => {
    const p = await m.createProject(workspaceId, 'Round trip');
    expect((await m.importModel(p.id, fullModelDocument(seed))).status).toBe(200);
    const hours = await send('POST', costs('/assumptions', p), assumptionBody({ id: id('hours').toUpperCase(), value: '730.0', subjectId: id('web') }), 201);
    expect(hours.version).toBe(1);
    expect(hours.assumptions).toEqual([{ id: id('hours'), name: 'Hours per month', kind: 'usage', subjectId: id('web'), value: '730', unit: 'hours', label: 'declared', source: null, effectiveDate: '2026-01-01' }]);
    expect(Date.parse(hours.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const first = await send(
      'POST',
      costs('/resources', p),
      resourceBody(id('web'), {
        quantity: '12.50',
        usage: [
          { label: 'hours', quantity: null, assumptionId: id('hours'), unit: 'h' },
          { label: 'share', quantity: 0.1, assumptionId: null, unit: null },
        ],
        factStatus: 'measured',
        provenance: { source: 'load-test:7', revision: null, confidence: null, acceptedBy: null, acceptedAt: null },
      }),
      201,
    );
    expect(first.version).toBe(2);
    const made = first.resources[0];
    expect(made.id).toMatch(GUID);
    expect(made).toEqual({
      id: made.id,
      elementId: id('web'),
      name: 'Web servers',
      category: 'compute',
      provider: 'azure',
      region: 'westeurope',
      sku: 'D2s v5',
      quantity: '12.5',
      unit: null,
      priceRef: null,
      usage: [
        { label: 'hours', quantity: null, assumptionId: id('hours'), unit: 'h' },
        { label: 'share', quantity: '0.1', assumptionId: null, unit: null },
      ],
      factStatus: 'measured',
      provenance: { source: 'load-test:7', revision: null, confidence: null, acceptedBy: null, acceptedAt: null },
    });

    const second = await send('POST', costs('/resources', p), resourceBody(id('db'), { id: id('disk'), name: 'Disk', quantity: null, sku: null, region: null }), 201);
    expect(second.resources.map((r: { id: string }) => r.id)).toEqual([made.id, id('disk')]);
    // factStatus null reads as declared (part 1: "Missing or empty means declared").
    expect(second.resources[1]).toMatchObject({ quantity: null, sku: null, region: null, factStatus: 'declared', provenance: null });

    const replaced = await send('PUT', costs(`/resources/${made.id}`, p), resourceBody(id('orders'), { id: made.id, name: 'Order servers', quantity: 3 }), 200);
    expect(replaced.version).toBe(4);
    expect(replaced.resources.map((r: { name: string }) => r.name)).toEqual(['Order servers', 'Disk']);
    // A PUT body may leave id null: the path names the resource.
    const again = await send('PUT', costs(`/resources/${id('disk')}`, p), resourceBody(id('db'), { name: 'Disk 2' }), 200);
    expect(again.resources[1].name).toBe('Disk 2');

    const reassumed = await send('PUT', costs(`/assumptions/${id('hours')}`, p), assumptionBody({ value: null, label: 'measured', source: 'apm:42', kind: 'rate', subjectId: id('disk') }), 200);
    expect(reassumed.assumptions[0]).toMatchObject({ value: null, label: 'measured', source: 'apm:42', kind: 'rate', subjectId: id('disk') });

    const afterDelete = await send('DELETE', costs(`/resources/${made.id}`, p), undefined, 200);
    expect(afterDelete.version).toBe(7);
    expect(afterDelete.resources.map((r: { id: string }) => r.id)).toEqual([id('disk')]);
    expect(await sheetOf('', p)).toEqual(afterDelete);
  });

  it('answers 409 for an ID in use, an assumption that usage lines use and a resource that assumptions are about, storing nothing', async () => {
    const p = await m.createProject(workspaceId, 'Conflicts');
    expect((await m.importModel(p.id, fullModelDocument(seed))).status).toBe(200);
    await send('POST', costs('/assumptions', p), assumptionBody({ id: id('a1') }), 201);
    await send('POST', costs('/resources', p), resourceBody(id('web'), { id: id('r1'), usage: [{ label: 'hours', quantity: null, assumptionId: id('a1'), unit: null }] }), 201);
    await send('POST', costs('/resources', p), resourceBody(id('web'), { id: id('r2'), name: 'Second' }), 201);
    await send('POST', costs('/assumptions', p), assumptionBody({ id: id('a2'), subjectId: id('r2') }), 201);
    const before = await sheetOf('', p);

    expect(expectProblem(await m.api('POST', costs('/resources', p), admin(resourceBody(id('web'), { id: id('r1') }))), 409, 'conflict').errors).toEqual([{ field: 'id', message: 'is in use' }]);
    expect(expectProblem(await m.api('POST', costs('/assumptions', p), admin(assumptionBody({ id: id('a1') }))), 409, 'conflict').errors).toEqual([{ field: 'id', message: 'is in use' }]);
    const inUse = expectProblem(await m.api('DELETE', costs(`/assumptions/${id('a1')}`, p), admin()), 409, 'conflict');
    expect(inUse.errors).toEqual([{ field: `resources.${id('r1')}.usage`, message: `uses the assumption ${id('a1')}` }]);
    expect(inUse.detail).toContain(id('r1'));
    const subject = expectProblem(await m.api('DELETE', costs(`/resources/${id('r2')}`, p), admin()), 409, 'conflict');
    expect(subject.errors).toEqual([{ field: `assumptions.${id('a2')}.subjectId`, message: `names the resource ${id('r2')}` }]);
    expect(await sheetOf('', p)).toEqual(before);
  });

  it('answers 404 for a resource, assumption, branch or project it does not have; 400 for references it cannot follow', async () => {
    const before = await sheetOf();
    expectProblem(await m.api('PUT', costs(`/resources/${id('nothing')}`), admin(resourceBody(id('web')))), 404, 'not_found');
    expectProblem(await m.api('DELETE', costs(`/resources/${id('nothing')}`), admin()), 404, 'not_found');
    expectProblem(await m.api('PUT', costs(`/assumptions/${id('nothing')}`), admin(assumptionBody())), 404, 'not_found');
    expectProblem(await m.api('DELETE', costs('/assumptions/not-a-uuid'), admin()), 404, 'not_found');
    expectProblem(await m.api('POST', costs(`/resources?branchId=${id('nothing')}`), admin(resourceBody(id('web')))), 404, 'not_found');
    expectProblem(await m.api('GET', costs(`?branchId=${id('nothing')}`), admin()), 404, 'not_found');
    expectProblem(await m.api('GET', `/api/projects/${id('nothing')}/costs`, admin()), 404, 'not_found');

    const refused = async (body: unknown, field: string, path = '/resources') => {
      const problem = expectProblem(await m.api('POST', costs(path), admin(body)), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field)).toEqual([field]);
    };
    // An element of another project's model, a price of another workspace, a subject that is nothing here.
    await refused(resourceBody(idFor('c0575eed-0000-4000-8000-000000000002', 'web')), 'elementId');
    await refused(resourceBody(id('m-placed')), 'elementId');
    await refused(resourceBody(id('web'), { priceRef: otherWorkspacePrice }), 'priceRef');
    await refused(resourceBody(id('web'), { usage: [{ label: 'h', quantity: null, assumptionId: id('no-such-assumption'), unit: null }] }), 'usage[0].assumptionId');
    await refused(assumptionBody({ subjectId: id('m-placed') }), 'subjectId', '/assumptions');
    expect(await sheetOf()).toEqual(before);
  });

  it('answers every body rule with 400 naming the field, and stores nothing', async () => {
    const before = await sheetOf();
    const resourceCases: [Record<string, unknown>, string][] = [
      [{ id: 'r1' }, 'id'],
      [{ elementId: null }, 'elementId'],
      [{ name: '' }, 'name'],
      [{ name: 'a'.repeat(201) }, 'name'],
      [{ name: 'tab\tname' }, 'name'],
      [{ category: null }, 'category'],
      [{ provider: 7 }, 'provider'],
      [{ region: '' }, 'region'],
      [{ sku: 'x'.repeat(501) }, 'sku'],
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: '1e3' }, 'quantity'],
      [{ quantity: '0.1234567890123' }, 'quantity'],
      [{ quantity: true }, 'quantity'],
      [{ unit: 5 }, 'unit'],
      [{ priceRef: 'price-1' }, 'priceRef'],
      [{ usage: {} }, 'usage'],
      [{ usage: [{ label: 'h', quantity: 1, assumptionId: id('a'), unit: null }] }, 'usage[0].quantity'],
      [{ usage: [{ label: 'h', quantity: null, assumptionId: null, unit: null }] }, 'usage[0].quantity'],
      [{ usage: [{ label: 'h', quantity: 1, unit: null }] }, 'usage[0].assumptionId'],
      [{ usage: [{ label: 'h', quantity: 1, assumptionId: null, unit: null, extra: 1 }] }, 'usage[0].extra'],
      [{ usage: Array.from({ length: 21 }, () => ({ label: 'h', quantity: 1, assumptionId: null, unit: null })) }, 'usage'],
      [{ factStatus: 'guessed' }, 'factStatus'],
      [{ factStatus: 'inferred', provenance: { source: 'ai:1', revision: null, confidence: null, acceptedBy: null, acceptedAt: null } }, 'provenance.confidence'],
      [{ factStatus: 'observed-in-source' }, 'provenance.source'],
      [{ provenance: { source: 'x', revision: null, confidence: 2, acceptedBy: null, acceptedAt: null } }, 'provenance.confidence'],
      [{ provenance: 'git' }, 'provenance'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [over, field] of resourceCases) {
      const problem = expectProblem(await m.api('POST', costs('/resources'), admin(resourceBody(id('web'), over))), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field), JSON.stringify(over)).toEqual([field]);
    }
    for (const field of Object.keys(resourceBody(id('web')))) {
      const body = resourceBody(id('web'));
      delete body[field];
      const problem = expectProblem(await m.api('POST', costs('/resources'), admin(body)), 400, 'validation_error');
      expect(problem.errors).toEqual([{ field, message: 'is required' }]);
    }
    const assumptionCases: [Record<string, unknown>, string][] = [
      [{ id: 5 }, 'id'],
      [{ name: ' ' }, 'name'],
      [{ kind: 'hope' }, 'kind'],
      [{ subjectId: 'web' }, 'subjectId'],
      [{ value: '-3' }, 'value'],
      [{ value: '3 per day' }, 'value'],
      [{ unit: '' }, 'unit'],
      [{ unit: null }, 'unit'],
      [{ label: 'guessed' }, 'label'],
      [{ label: 'measured', source: null }, 'source'],
      [{ source: '' }, 'source'],
      [{ effectiveDate: '2026-02-30' }, 'effectiveDate'],
      [{ effectiveDate: '2026-2-1' }, 'effectiveDate'],
      [{ effectiveDate: null }, 'effectiveDate'],
    ];
    for (const [over, field] of assumptionCases) {
      const problem = expectProblem(await m.api('POST', costs('/assumptions'), admin(assumptionBody(over))), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field), JSON.stringify(over)).toEqual([field]);
    }
    for (const field of Object.keys(assumptionBody())) {
      const body = assumptionBody();
      delete body[field];
      expect(expectProblem(await m.api('POST', costs('/assumptions'), admin(body)), 400, 'validation_error').errors).toEqual([{ field, message: 'is required' }]);
    }
    expect(expectProblem(await m.api('POST', costs('/resources'), admin([])), 400, 'validation_error').errors[0]!.field).toBe('body');
    // A PUT body naming another ID than its path.
    const put = await send('POST', costs('/resources'), resourceBody(id('web'), { id: id('put-target') }), 201);
    const afterPost = put.version;
    expect(expectProblem(await m.api('PUT', costs(`/resources/${id('put-target')}`), admin(resourceBody(id('web'), { id: id('other') }))), 400, 'validation_error').errors).toEqual([
      { field: 'id', message: 'must be null or the ID in the path' },
    ]);
    expect(expectProblem(await m.api('POST', costs('/copy'), admin({ from: 'elsewhere' })), 400, 'validation_error').errors.map((e) => e.field)).toEqual(['from']);
    expect(expectProblem(await m.api('POST', costs('/copy'), admin({})), 400, 'validation_error').errors).toEqual([{ field: 'from', message: 'is required' }]);
    expect(expectProblem(await m.api('POST', costs('/copy'), admin({ from: 'main' })), 400, 'validation_error').errors.map((e) => e.field)).toEqual(['from']);
    expectProblem(await m.api('GET', costs('?revisionId=nope'), admin()), 400, 'validation_error');
    expect((await sheetOf()).version).toBe(afterPost);
    expect(before.version).toBe(afterPost - 1);
    await send('DELETE', costs(`/resources/${id('put-target')}`), undefined, 200);
  });

  it('a branch starts as a copy of main and a revision keeps the sheet as it was; each line then changes alone', async () => {
    const p = await m.createProject(workspaceId, 'Lines');
    expect((await m.importModel(p.id, fullModelDocument(seed))).status).toBe(200);
    await send('POST', costs('/assumptions', p), assumptionBody({ id: id('a1') }), 201);
    const main = await send('POST', costs('/resources', p), resourceBody(id('web'), { id: id('r1'), usage: [{ label: 'h', quantity: null, assumptionId: id('a1'), unit: null }] }), 201);
    const branch = await send('POST', `/api/projects/${p.id}/branches`, { name: 'Bigger', kind: 'variant' }, 201);
    const revision = await send('POST', `/api/projects/${p.id}/revisions`, { name: 'Frozen' }, 201);
    const same = { version: main.version, resources: main.resources, assumptions: main.assumptions, updatedAt: main.updatedAt };
    expect(await sheetOf(`?branchId=${branch.id}`, p)).toEqual({ projectId: p.id, branchId: branch.id, revisionId: null, ...same });
    expect(await sheetOf(`?revisionId=${revision.id}`, p)).toEqual({ projectId: p.id, branchId: null, revisionId: revision.id, ...same });

    await send('PUT', costs(`/resources/${id('r1')}?branchId=${branch.id}`, p), resourceBody(id('web'), { quantity: 5, usage: [{ label: 'h', quantity: null, assumptionId: id('a1'), unit: null }] }), 200);
    await send('POST', costs('/resources', p), resourceBody(id('orders'), { id: id('r2') }), 201);
    expect((await sheetOf(`?branchId=${branch.id}`, p)).resources.map((r: { id: string; quantity: string }) => [r.id, r.quantity])).toEqual([[id('r1'), '5']]);
    expect((await sheetOf('', p)).resources.map((r: { id: string; quantity: string }) => [r.id, r.quantity])).toEqual([[id('r1'), '1'], [id('r2'), '1']]);
    expect((await sheetOf(`?revisionId=${revision.id}`, p)).resources).toEqual(main.resources);
    // A revision is frozen: no write names it.
    expectProblem(await m.api('POST', costs(`/resources?branchId=${revision.id}`, p), admin(resourceBody(id('web')))), 404, 'not_found');
    expectProblem(await m.api('POST', costs(`/copy?branchId=${revision.id}`, p), admin({ from: 'main' })), 404, 'not_found');
    expectProblem(await m.api('GET', costs(`?branchId=${branch.id}&revisionId=${revision.id}`, p), admin()), 400, 'validation_error');

    // A branch made from a main without a sheet reads as empty.
    const bare = await m.createProject(workspaceId, 'Bare');
    const bareBranch = await send('POST', `/api/projects/${bare.id}/branches`, { name: 'Draft', kind: 'draft' }, 201);
    expect(await sheetOf(`?branchId=${bareBranch.id}`, bare)).toMatchObject({ branchId: bareBranch.id, version: 0, resources: [], updatedAt: null });
  });

  it('copies a sheet from main, a branch or a revision into a line, and refuses one naming elements the line lacks', async () => {
    const p = await m.createProject(workspaceId, 'Copies');
    expect((await m.importModel(p.id, fullModelDocument(seed))).status).toBe(200);
    await send('POST', costs('/assumptions', p), assumptionBody({ id: id('a1'), subjectId: id('web') }), 201);
    const main = await send('POST', costs('/resources', p), resourceBody(id('web'), { id: id('r1') }), 201);
    const revision = await send('POST', `/api/projects/${p.id}/revisions`, { name: 'Before' }, 201);
    const branch = await send('POST', `/api/projects/${p.id}/branches`, { name: 'Draft', kind: 'draft' }, 201);

    // Main moves on; copying the revision back brings the sheet as it was, one version on.
    await send('DELETE', costs(`/resources/${id('r1')}`, p), undefined, 200);
    const deleted = await sheetOf('', p);
    expect(deleted.resources).toEqual([]);
    const restored = await send('POST', costs('/copy', p), { from: revision.id.toUpperCase() }, 200);
    expect(restored).toMatchObject({ branchId: null, version: deleted.version + 1, resources: main.resources, assumptions: main.assumptions });

    // The branch gets an element of its own and a resource on it; main cannot take that copy.
    const newApp = { id: id('branch-app'), kind: 'app', name: 'Search', description: null, technology: null, status: 'planned', parentId: id('shop'), tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null };
    await send('POST', `/api/projects/${p.id}/elements?branchId=${branch.id}`, newApp, 201);
    await send('POST', costs(`/resources?branchId=${branch.id}`, p), resourceBody(id('branch-app'), { id: id('r-search') }), 201);
    const refused = expectProblem(await m.api('POST', costs('/copy', p), admin({ from: branch.id })), 409, 'conflict');
    expect(refused.errors).toEqual([{ field: `resources.${id('r-search')}.elementId`, message: `names the element ${id('branch-app')}, which is not in this line's model` }]);
    expect((await sheetOf('', p)).version).toBe(restored.version);

    // Main copied into the branch: the branch's own resource goes, main's come.
    const intoBranch = await send('POST', costs(`/copy?branchId=${branch.id}`, p), { from: 'main' }, 200);
    expect(intoBranch).toMatchObject({ branchId: branch.id, resources: main.resources, assumptions: main.assumptions });
    // Another project's branch is no line of this one.
    const otherBranch = await send('POST', `/api/projects/${otherProject.id}/branches`, { name: 'Theirs', kind: 'draft' }, 201);
    expect(expectProblem(await m.api('POST', costs('/copy', p), admin({ from: otherBranch.id })), 400, 'validation_error').errors.map((e) => e.field)).toEqual(['from']);
  });

  it('viewers and read tokens read; editors write; other workspaces see nothing', async () => {
    await send('POST', costs('/resources'), resourceBody(id('web'), { id: id('roles') }), 201);
    const sheet = await sheetOf();
    const asViewer = await m.api('GET', costs(), { session: viewer.session });
    expect(asViewer.status).toBe(200);
    expect(asViewer.json).toEqual(sheet);
    const asToken = await m.api('GET', costs(), { token: readToken });
    expect(asToken.status).toBe(200);
    expect(asToken.json).toEqual(sheet);

    expectProblem(await m.api('POST', costs('/resources'), { session: viewer.session, json: resourceBody(id('web')) }), 403, 'forbidden');
    expectProblem(await m.api('DELETE', costs(`/resources/${id('roles')}`), { session: viewer.session }), 403, 'forbidden');
    expectProblem(await m.api('POST', costs('/copy'), { token: readToken, json: { from: 'main' } }), 403, 'forbidden');
    expectProblem(await m.api('PUT', costs(`/resources/${id('roles')}`), { token: readToken, json: resourceBody(id('web')) }), 403, 'forbidden');
    expectProblem(await m.api('GET', costs(), { session: outsider.session }), 404, 'not_found');
    expectProblem(await m.api('POST', costs('/resources'), { session: outsider.session, json: resourceBody(id('web')) }), 404, 'not_found');
    expectProblem(await m.api('GET', costs()), 401, 'unauthorized');
    // A resource of this project's sheet is nothing in another project.
    expectProblem(await m.api('DELETE', costs(`/resources/${id('roles')}`, otherProject), { session: outsider.session }), 404, 'not_found');
    expect((await sheetOf()).version).toBe(sheet.version);

    const changed = await m.api('DELETE', costs(`/resources/${id('roles')}`), { session: editor.session });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.version).toBe(sheet.version + 1);
  });
});
