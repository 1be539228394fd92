import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { replaceScenario } from '../../lib/features/scenarios/scenario-store';
import { scenarioDocuments, storeScenario } from '../support/agent-fixtures';
import { call, expectProblem, type CallOptions } from '../support/http-client';
import { fullModelDocument, idFor, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * The promise endpoints over HTTP against the built server (
 * docs/decisions.md "Promises"): create with requirement numbers, drafts and
 * approval, obligation keys that are never reused, runs of every result
 * (scenario-check playback: passed, failed, not-run; other kinds unsupported),
 * runs that go stale when an input moves, append-only run lists, roles and
 * tokens. The steps build on each other.
 */

const seed = 'c0ffee00-0000-4000-8000-0000000000aa';
const id = (label: string) => idFor(seed, label);
const sha256 = /^sha256:[0-9a-f]{64}$/;

describe('promises over HTTP: drafts, approval, obligations, runs, staleness, roles', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  let otherProject: Project;
  let editor: Person;
  let secondEditor: Person;
  let viewer: Person;
  let outsider: Person;
  let readToken: string;
  let pushToken: string;
  const scenarios = scenarioDocuments(seed);
  /** The promise the lifecycle tests work on. */
  let promise: any;

  const P = () => `/api/projects/${project.id}/promises`;
  const as = (person: Person, json?: unknown): CallOptions => ({ session: person.session, ...(json === undefined ? {} : { json }) });
  const bearer = (token: string, json?: unknown): CallOptions => ({ token, ...(json === undefined ? {} : { json }) });
  const api = (method: string, path: string, options?: CallOptions) => m.api(method, path, options);
  const obligationsOf = (revision: any) => revision.obligations.map((o: any) => [o.key, o.kind, o.title]);

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Promises');
    project = await m.createProject(workspaceId, 'Shop');
    otherProject = await m.createProject(workspaceId, 'Other');
    editor = await m.newPerson('editor@promises.test', [{ workspaceId, role: 'editor' }]);
    secondEditor = await m.newPerson('second@promises.test', [{ workspaceId, role: 'editor' }]);
    viewer = await m.newPerson('viewer@promises.test', [{ workspaceId, role: 'viewer' }]);
    outsider = await m.newPerson('outsider@promises.test');
    readToken = await m.createToken(workspaceId, ['read']);
    pushToken = await m.createToken(workspaceId, ['read', 'push']);
    const document = fullModelDocument(seed) as ReturnType<typeof fullModelDocument> & { elements: unknown[] };
    document.elements.push({ id: id('lonely'), kind: 'actor', name: 'Auditor', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null });
    const imported = await m.importModel(project.id, document);
    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    for (const scenario of Object.values(scenarios)) await storeScenario(m, project.id, scenario);
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('POST creates a promise with the next requirement number and its content as draft revision 1', async () => {
    const answer = await api(
      'POST',
      P(),
      as(editor, {
        title: 'Orders are never lost',
        text: 'Every placed order reaches the web app, even when a rebuild runs.',
        links: [{ kind: 'element', id: id('orders') }, { kind: 'scenario', id: scenarios.passing.id }, { kind: 'element', id: id('orders').toUpperCase() }],
        obligations: [
          { kind: 'scenario-check', title: 'Rebuild and announce plays', recipe: { scenarioId: scenarios.passing.id.toUpperCase() } },
          { kind: 'scenario-check', title: 'Rebuild during an outage', recipe: { scenarioId: scenarios.failing.id } },
          { kind: 'manual', title: 'Ask the on-call engineer', recipe: { instructions: 'Page them.' } },
        ],
      }),
    );
    expect(answer.status, answer.text).toBe(201);
    promise = answer.json;
    expect(promise).toMatchObject({
      requirementId: 'R1',
      origin: 'manual',
      state: 'draft',
      latestRevision: 1,
      inForceRevision: null,
      hasDraft: true,
      needsReview: true,
      missingLinks: [],
      inForce: null,
    });
    const draft = promise.draft;
    expect(draft).toMatchObject({ revision: 1, status: 'draft', title: 'Orders are never lost', lastChangedBy: `user:${editor.id}`, approvedBy: null });
    expect(draft.contentHash).toMatch(sha256);
    // Links are kept once each, in kind-then-ID order, lower case.
    expect(draft.links).toEqual([
      { kind: 'element', id: id('orders') },
      { kind: 'scenario', id: scenarios.passing.id },
    ]);
    expect(draft.obligations).toEqual([
      { id: expect.any(String), key: 'O1', kind: 'scenario-check', title: 'Rebuild and announce plays', recipe: { scenarioId: scenarios.passing.id }, source: 'manual', addedBy: `user:${editor.id}`, lastChangedBy: `user:${editor.id}` },
      { id: expect.any(String), key: 'O2', kind: 'scenario-check', title: 'Rebuild during an outage', recipe: { scenarioId: scenarios.failing.id }, source: 'manual', addedBy: `user:${editor.id}`, lastChangedBy: `user:${editor.id}` },
      { id: expect.any(String), key: 'O3', kind: 'manual', title: 'Ask the on-call engineer', recipe: { instructions: 'Page them.' }, source: 'manual', addedBy: `user:${editor.id}`, lastChangedBy: `user:${editor.id}` },
    ]);
    expect(draft.evidenceStatus.counts).toEqual({ passed: 0, failed: 0, notRun: 3, unsupported: 0, stale: 0 });
    expect(draft.evidenceStatus.gaps.map((g: any) => [g.key, g.reason])).toEqual([
      ['O1', 'never-run'],
      ['O2', 'never-run'],
      ['O3', 'never-run'],
    ]);

    const read = await api('GET', `${P()}/${promise.id}`, as(viewer));
    expect(read.status).toBe(200);
    expect(read.json).toEqual(promise);
  });

  it('numbers promises R1, R2, R3 and lists them in that order with the list_promises members, paged', async () => {
    const second = await api('POST', P(), as(editor, { title: 'Second', obligations: [] }));
    expect(second.status, second.text).toBe(201);
    expect(second.json.requirementId).toBe('R2');
    expect(second.json.draft.evidenceStatus.gaps).toEqual([{ obligationId: null, key: null, reason: 'no-obligations' }]);
    const chosenId = randomUUID();
    const third = await api('POST', P(), as(editor, { id: chosenId, title: 'Third' }));
    expect(third.json).toMatchObject({ id: chosenId, requirementId: 'R3' });
    expectProblem(await api('POST', P(), as(editor, { id: chosenId, title: 'Again' })), 409, 'conflict');
    // Numbers are per project.
    expect((await api('POST', `/api/projects/${otherProject.id}/promises`, as(editor, { title: 'Elsewhere' }))).json.requirementId).toBe('R1');

    const first = await api('GET', `${P()}?limit=2`, as(viewer));
    expect(first.status).toBe(200);
    expect(first.json.items.map((i: any) => i.requirementId)).toEqual(['R1', 'R2']);
    expect(Object.keys(first.json.items[0]).sort()).toEqual(
      ['counts', 'draftLastChangedBy', 'hasDraft', 'hasGaps', 'id', 'inForceRevision', 'latestRevision', 'needsReview', 'origin', 'requirementId', 'state', 'title', 'updatedAt'].sort(),
    );
    expect(first.json.items[0]).toMatchObject({ title: 'Orders are never lost', state: 'draft', hasDraft: true, hasGaps: true, draftLastChangedBy: `user:${editor.id}`, counts: { passed: 0, failed: 0, notRun: 3, unsupported: 0, stale: 0 } });
    const rest = await api('GET', `${P()}?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`, as(viewer));
    expect(rest.json.items.map((i: any) => i.requirementId)).toEqual(['R3']);
    expect(rest.json.nextCursor).toBeNull();
    const tampered = await api('GET', `${P()}?cursor=${encodeURIComponent(`${first.json.nextCursor}x`)}`, as(viewer));
    expect(expectProblem(tampered, 400, 'validation_error').errors.map((e) => e.field)).toEqual(['cursor']);
  });

  it('refuses bodies that break the rules, naming each field', async () => {
    const refused = async (body: unknown, field: string) => {
      const problem = expectProblem(await api('POST', P(), as(editor, body)), 400, 'validation_error');
      expect(problem.errors.map((e) => e.field), JSON.stringify(problem)).toContain(field);
    };
    await refused({ text: 'no title' }, 'title');
    await refused({ title: '   ' }, 'title');
    await refused({ title: 'x'.repeat(201) }, 'title');
    await refused({ title: 'T', text: 'x'.repeat(20_001) }, 'text');
    await refused({ title: 'T', links: [{ kind: 'view', id: randomUUID() }] }, 'links[0].kind');
    await refused({ title: 'T', links: [{ kind: 'element', id: 'nope' }] }, 'links[0].id');
    await refused({ title: 'T', obligations: [{ kind: 'scenario-check', title: 'x', recipe: null }] }, 'obligations[0].recipe');
    await refused({ title: 'T', obligations: [{ kind: 'scenario-check', title: 'x', recipe: { scenarioId: randomUUID(), more: 1 } }] }, 'obligations[0].recipe');
    await refused({ title: 'T', obligations: [{ kind: 'proof', title: 'x', recipe: null }] }, 'obligations[0].kind');
    await refused({ title: 'T', obligations: Array.from({ length: 101 }, () => ({ kind: 'manual', title: 'x', recipe: null })) }, 'obligations');
    await refused({ title: 'T', obligations: [{ key: 'O1', kind: 'manual', title: 'x', recipe: null }] }, 'obligations[0].key');
    await refused({ title: 'T', surprise: true }, 'surprise');
    expectProblem(await api('POST', P(), { session: editor.session, body: 'not json', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
    // Nothing was created by the refusals.
    expect((await api('GET', P(), as(viewer))).json.items).toHaveLength(3);
  });

  it('lets viewers and read tokens read but not write; outsiders and other projects see nothing', async () => {
    const path = `${P()}/${promise.id}`;
    for (const options of [as(viewer), bearer(readToken)]) {
      expect((await api('GET', P(), options)).status).toBe(200);
      expect((await api('GET', path, options)).status).toBe(200);
      expect((await api('GET', `${path}/runs`, options)).status).toBe(200);
      expectProblem(await api('POST', P(), { ...options, json: { title: 'Not allowed' } }), 403, 'forbidden');
      expectProblem(await api('PUT', `${path}/draft`, { ...options, json: { title: 'Not allowed' } }), 403, 'forbidden');
      expectProblem(await api('POST', `${path}/runs`, { ...options, json: { obligation: 'O1' } }), 403, 'forbidden');
    }
    expectProblem(await api('GET', path, as(outsider)), 404, 'not_found');
    expectProblem(await api('GET', `/api/projects/${otherProject.id}/promises/${promise.id}`, as(viewer)), 404, 'not_found');
    expectProblem(await api('GET', `${P()}/${randomUUID()}`, as(viewer)), 404, 'not_found');
    expectProblem(await api('GET', P()), 401, 'unauthorized');
    const restricted = await m.createToken(workspaceId, ['read', 'push'], otherProject.id);
    expectProblem(await api('GET', path, bearer(restricted)), 404, 'not_found');
    expectProblem(await api('POST', P(), bearer(restricted, { title: 'Not here' })), 404, 'not_found');
  });

  it('an agent token with push creates promises and obligations as an agent; only a person approves', async () => {
    const created = await api('POST', P(), bearer(pushToken, { title: 'Agent promise', obligations: [{ kind: 'manual', title: 'Look', recipe: null }] }));
    expect(created.status, created.text).toBe(201);
    expect(created.json.origin).toBe('agent');
    expect(created.json.draft.lastChangedBy).toMatch(/^agent-token:[0-9a-f-]{36}$/);
    expect(created.json.draft.obligations[0]).toMatchObject({ key: 'O1', source: 'agent', addedBy: created.json.draft.lastChangedBy });
    expectProblem(await api('POST', `${P()}/${created.json.id}/approve`, bearer(pushToken)), 403, 'forbidden');
    expectProblem(await api('POST', `${P()}/${created.json.id}/approve`, as(viewer)), 403, 'forbidden');
    const approved = await api('POST', `${P()}/${created.json.id}/approve`, as(editor));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ state: 'in-force', inForceRevision: 1, draft: null });
  });

  it('PUT …/draft replaces the draft: kept obligations keep ID and key, a new one gets the next key, keys are never reused', async () => {
    const [o1, o2, o3] = promise.draft.obligations;
    const answer = await api(
      'PUT',
      `${P()}/${promise.id}/draft`,
      as(secondEditor, {
        obligations: [
          { key: 'O1', kind: o1.kind, title: o1.title, recipe: o1.recipe },
          { id: o3.id, kind: 'manual', title: 'Ask the on-call engineer twice', recipe: null },
          { kind: 'source-pattern-check', title: 'The consumer handles retries', recipe: { pattern: 'retry', paths: ['web/'] } },
        ],
      }),
    );
    expect(answer.status, answer.text).toBe(200);
    const draft = answer.json.draft;
    expect(draft.revision).toBe(1);
    expect(draft.title).toBe('Orders are never lost');
    expect(draft.obligations.map((o: any) => [o.key, o.id === o1.id || o.id === o3.id, o.lastChangedBy])).toEqual([
      ['O1', true, `user:${editor.id}`],
      ['O3', true, `user:${secondEditor.id}`],
      ['O4', false, `user:${secondEditor.id}`],
    ]);
    expect(draft.lastChangedBy).toBe(`user:${secondEditor.id}`);
    expect(draft.contentHash).not.toBe(promise.draft.contentHash);

    // The same content again changes nothing, not even who changed it last.
    const same = await api('PUT', `${P()}/${promise.id}/draft`, as(editor, { obligations: draft.obligations.map((o: any) => ({ id: o.id, kind: o.kind, title: o.title, recipe: o.recipe })) }));
    expect(same.json.draft).toEqual(draft);

    // O2 comes back under its own key; a key the promise never had is refused.
    const back = await api('PUT', `${P()}/${promise.id}/draft`, as(editor, { obligations: [...draft.obligations.map((o: any) => ({ key: o.key, kind: o.kind, title: o.title, recipe: o.recipe })), { key: 'o2', kind: o2.kind, title: o2.title, recipe: o2.recipe }] }));
    expect(back.status, back.text).toBe(200);
    expect(back.json.draft.obligations.map((o: any) => o.key)).toEqual(['O1', 'O3', 'O4', 'O2']);
    expect(back.json.draft.obligations[3].id).toBe(o2.id);
    const unknownKey = expectProblem(await api('PUT', `${P()}/${promise.id}/draft`, as(editor, { obligations: [{ key: 'O9', kind: 'manual', title: 'x', recipe: null }] })), 400, 'validation_error');
    expect(unknownKey.errors).toEqual([{ field: 'obligations[0].key', message: 'is not an obligation of this promise' }]);
    const twice = expectProblem(await api('PUT', `${P()}/${promise.id}/draft`, as(editor, { obligations: [{ key: 'O1', kind: 'manual', title: 'x', recipe: null }, { id: o1.id, kind: 'manual', title: 'y', recipe: null }] })), 400, 'validation_error');
    expect(twice.errors[0]!.field).toBe('obligations[1]');
    promise = back.json;
  });

  it('runs each obligation: a scenario-check plays its scenario (passed, failed, not-run); other kinds are unsupported', async () => {
    const run = async (obligation: string, status = 201) => {
      const answer = await api('POST', `${P()}/${promise.id}/runs`, as(editor, { obligation }));
      expect(answer.status, answer.text).toBe(status);
      return answer.json;
    };
    const version = await m.modelVersion(project.id);
    const passed = await run('O1');
    expect(Object.keys(passed).sort()).toEqual(
      ['actor', 'assertions', 'at', 'commitSha', 'current', 'detail', 'draft', 'environment', 'evidence', 'id', 'inputs', 'limitations', 'modelRevision', 'obligationId', 'promiseRevision', 'result', 'scope', 'stale', 'startedBy'].sort(),
    );
    expect(passed).toMatchObject({
      obligationId: promise.draft.obligations[0].id,
      promiseRevision: 1,
      result: 'passed',
      scope: 'model:main',
      environment: 'playback',
      modelRevision: version,
      commitSha: null,
      draft: true,
      startedBy: `user:${editor.id}`,
      current: true,
      stale: false,
      inputs: { scenarioId: scenarios.passing.id, scenarioHash: expect.stringMatching(sha256), modelVersion: version },
      assertions: [
        { id: 'rebuilt', passed: true, detail: expect.any(String) },
        { id: 'published-once', passed: true, detail: expect.any(String) },
      ],
    });
    expect(passed.evidence).toEqual([{ kind: 'scenario-run', scenarioId: scenarios.passing.id, engineVersion: 1, hash: expect.any(String), modelVersion: version, eventCount: expect.any(Number), issueCount: 0 }]);
    expect(passed.limitations.join(' ')).toMatch(/never a measurement/);

    // The same inputs play the same trace.
    expect((await run('O1')).evidence[0].hash).toBe(passed.evidence[0].hash);

    const failed = await run('o2');
    expect(failed.result).toBe('failed');
    expect(failed.assertions).toEqual([{ id: 'rebuilt', passed: false, detail: expect.any(String) }]);
    expect(failed.detail).toMatch(/1 of 1 assertion\(s\) failed: rebuilt/);

    expect((await run('O3')).result).toBe('unsupported');
    const sourceCheck = await run(promise.draft.obligations[2].id);
    expect(sourceCheck).toMatchObject({ result: 'unsupported', modelRevision: null, environment: null, inputs: {} });

    expectProblem(await api('POST', `${P()}/${promise.id}/runs`, as(editor, { obligation: 'O9' })), 404, 'not_found');
    expectProblem(await api('POST', `${P()}/${promise.id}/runs`, as(editor, { obligation: '' })), 400, 'validation_error');
    expectProblem(await api('POST', `${P()}/${randomUUID()}/runs`, as(editor, { obligation: 'O1' })), 404, 'not_found');

    const detail = (await api('GET', `${P()}/${promise.id}`, as(viewer))).json;
    expect(detail.draft.evidenceStatus.counts).toEqual({ passed: 1, failed: 1, notRun: 0, unsupported: 2, stale: 0 });
    expect(detail.draft.evidenceStatus.obligations.map((o: any) => [o.key, o.result, o.current])).toEqual([
      ['O1', 'passed', true],
      ['O3', 'unsupported', true],
      ['O4', 'unsupported', true],
      ['O2', 'failed', true],
    ]);
    expect(detail.draft.evidenceStatus.gaps.map((g: any) => [g.key, g.reason])).toEqual([
      ['O3', 'unsupported'],
      ['O4', 'unsupported'],
    ]);
  });

  it('a scenario that is missing or does not validate gives not-run, and the missing one is a missing link', async () => {
    const ghost = randomUUID();
    const created = await api(
      'POST',
      P(),
      as(editor, {
        title: 'Broken inputs',
        links: [{ kind: 'element', id: id('lonely') }],
        obligations: [
          { kind: 'scenario-check', title: 'Calls what is not there', recipe: { scenarioId: scenarios.broken.id } },
          { kind: 'scenario-check', title: 'A scenario nobody wrote', recipe: { scenarioId: ghost } },
        ],
      }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.missingLinks).toEqual([{ kind: 'scenario', id: ghost, revision: 1, namedBy: 'O2' }]);
    const broken = await api('POST', `${P()}/${created.json.id}/runs`, as(editor, { obligation: 'O1' }));
    expect(broken.json).toMatchObject({ result: 'not-run', assertions: [] });
    expect(broken.json.detail).toMatch(/unknown-operation/);
    const missing = await api('POST', `${P()}/${created.json.id}/runs`, as(editor, { obligation: 'O2' }));
    expect(missing.json).toMatchObject({ result: 'not-run', evidence: [], inputs: { scenarioId: ghost, scenarioHash: null } });
    expect(missing.json.detail).toMatch(/not in the project/);

    // Deleting a linked element makes it a missing link.
    expect((await api('DELETE', `/api/projects/${project.id}/elements/${id('lonely')}`, as(editor))).status).toBe(204);
    const after = (await api('GET', `${P()}/${created.json.id}`, as(viewer))).json;
    expect(after.missingLinks).toEqual([
      { kind: 'element', id: id('lonely'), revision: 1, namedBy: 'links' },
      { kind: 'scenario', id: ghost, revision: 1, namedBy: 'O2' },
    ]);
    expect(after.needsReview).toBe(true);
  });

  it('approve puts the draft in force; with a stale contentHash it is refused; runs of the draft do not count afterwards', async () => {
    const path = `${P()}/${promise.id}`;
    const wrong = expectProblem(await api('POST', `${path}/approve`, as(editor, { contentHash: `sha256:${'0'.repeat(64)}` })), 409, 'conflict');
    expect(wrong.errors).toEqual([{ field: 'contentHash', message: 'is not the content hash of the draft' }]);
    const approved = await api('POST', `${path}/approve`, as(editor, { contentHash: promise.draft.contentHash }));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ state: 'in-force', latestRevision: 1, inForceRevision: 1, hasDraft: false, needsReview: false, draft: null });
    expect(approved.json.inForce).toMatchObject({ revision: 1, status: 'in-force', approvedBy: `user:${editor.id}`, contentHash: promise.draft.contentHash });
    // The draft's runs were draft runs: the revision in force has no evidence yet.
    expect(approved.json.inForce.evidenceStatus.counts).toEqual({ passed: 0, failed: 0, notRun: 4, unsupported: 0, stale: 0 });
    const runs = (await api('GET', `${path}/runs`, as(viewer))).json.items;
    expect(runs.every((r: any) => r.draft === true && r.current === false)).toBe(true);

    expectProblem(await api('POST', `${path}/approve`, as(editor)), 409, 'conflict');

    const inForceRun = await api('POST', `${path}/runs`, as(editor, { obligation: 'O1' }));
    expect(inForceRun.json).toMatchObject({ result: 'passed', draft: false, promiseRevision: 1, current: true });
    const list = (await api('GET', P(), as(viewer))).json.items.find((i: any) => i.id === promise.id);
    expect(list).toMatchObject({ state: 'in-force', inForceRevision: 1, hasDraft: false, draftLastChangedBy: null, counts: { passed: 1, failed: 0, notRun: 3, unsupported: 0, stale: 0 }, hasGaps: true });
    promise = approved.json;
  });

  it('PUT …/draft without a draft starts revision 2 from the revision in force; approving it supersedes revision 1', async () => {
    const path = `${P()}/${promise.id}`;
    const started = await api('PUT', `${path}/draft`, as(editor, {}));
    expect(started.status, started.text).toBe(200);
    expect(started.json).toMatchObject({ state: 'in-force', latestRevision: 2, inForceRevision: 1, hasDraft: true, needsReview: true });
    expect(started.json.draft.revision).toBe(2);
    expect(obligationsOf(started.json.draft)).toEqual(obligationsOf(promise.inForce));
    expect(started.json.draft.contentHash).toBe(promise.inForce.contentHash);

    const edited = await api('PUT', `${path}/draft`, as(editor, { title: 'Orders are never lost, even in outages' }));
    expect(edited.json.draft.revision).toBe(2);
    expect(edited.json.inForce.title).toBe('Orders are never lost');
    // A run of the draft's obligation picks the revision in force unless told otherwise.
    expect((await api('POST', `${path}/runs`, as(editor, { obligation: 'O1' }))).json).toMatchObject({ promiseRevision: 1, draft: false });
    expect((await api('POST', `${path}/runs`, as(editor, { obligation: 'O1', draft: true }))).json).toMatchObject({ promiseRevision: 2, draft: true, current: true });

    const approved = await api('POST', `${path}/approve`, as(secondEditor));
    expect(approved.json).toMatchObject({ latestRevision: 2, inForceRevision: 2, draft: null });
    expect(approved.json.inForce).toMatchObject({ revision: 2, title: 'Orders are never lost, even in outages', approvedBy: `user:${secondEditor.id}` });
    const runs = (await api('GET', `${path}/runs?obligation=O1&limit=2`, as(viewer))).json.items;
    // Runs of revision 1 and of the approved draft no longer count.
    expect(runs.map((r: any) => [r.promiseRevision, r.draft, r.current])).toEqual([
      [2, true, false],
      [1, false, false],
    ]);
    promise = approved.json;
  });

  it('a run goes stale when the main model or the scenario it played changes, and a new run is current again', async () => {
    const path = `${P()}/${promise.id}`;
    const fresh = (await api('POST', `${path}/runs`, as(editor, { obligation: 'O1' }))).json;
    expect(fresh).toMatchObject({ result: 'passed', current: true, stale: false, promiseRevision: 2, draft: false });

    const imported = await m.importModel(project.id, { elements: [{ id: id('newcomer'), kind: 'actor', name: 'Newcomer', status: 'current', parentId: null }] });
    expect(imported.status).toBe(200);
    const afterModel = (await api('GET', `${path}/runs?obligation=O1&limit=1`, as(viewer))).json.items[0];
    expect(afterModel).toMatchObject({ id: fresh.id, current: false, stale: true, modelRevision: fresh.modelRevision });
    const detail = (await api('GET', path, as(viewer))).json;
    expect(detail.inForce.evidenceStatus.counts).toMatchObject({ passed: 0, stale: 1 });
    expect(detail.inForce.evidenceStatus.gaps).toContainEqual({ obligationId: fresh.obligationId, key: 'O1', reason: 'stale' });

    const rerun = (await api('POST', `${path}/runs`, as(editor, { obligation: 'O1' }))).json;
    expect(rerun).toMatchObject({ current: true, stale: false, modelRevision: fresh.modelRevision + 1 });

    // The scenario changes while the model does not: the run names the old document.
    const changed = { ...scenarios.passing, assertions: [scenarios.passing.assertions[0]] };
    const scenarioRoute = routes.some((r) => r.method === 'PUT' && r.path === '/api/projects/{projectId}/scenarios/{scenarioId}');
    if (scenarioRoute) {
      expect((await api('PUT', `/api/projects/${project.id}/scenarios/${changed.id}`, as(m.admin, changed))).status).toBe(200);
    } else {
      await replaceScenario(m.database.db, { projectId: project.id, id: changed.id, name: changed.name, document: changed, now: new Date() });
    }
    const afterScenario = (await api('GET', `${path}/runs?obligation=O1&limit=1`, as(viewer))).json.items[0];
    expect(afterScenario).toMatchObject({ id: rerun.id, current: false, stale: true });
    const again = (await api('POST', `${path}/runs`, as(editor, { obligation: 'O1' }))).json;
    expect(again).toMatchObject({ current: true, stale: false, assertions: [{ id: 'rebuilt', passed: true, detail: expect.any(String) }] });
    expect(again.inputs.scenarioHash).not.toBe(rerun.inputs.scenarioHash);
  });

  it('lists runs newest first, paged, narrowed by obligation ID or key; runs are append-only', async () => {
    const path = `${P()}/${promise.id}/runs`;
    const all = (await api('GET', `${path}?limit=200`, as(viewer))).json;
    expect(all.nextCursor).toBeNull();
    const times = all.items.map((r: any) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await api('GET', `${path}?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, as(viewer))).json;
      expect(page.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.items.map((r: any) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all.items.map((r: any) => r.id));

    const o1 = promise.inForce.obligations[0];
    const byKey = (await api('GET', `${path}?obligation=o1&limit=200`, as(viewer))).json.items;
    const byId = (await api('GET', `${path}?obligation=${o1.id}&limit=200`, as(viewer))).json.items;
    expect(byKey.length).toBeGreaterThan(3);
    expect(byKey).toEqual(byId);
    expect(byKey.every((r: any) => r.obligationId === o1.id)).toBe(true);
    expectProblem(await api('GET', `${path}?obligation=O99`, as(viewer)), 404, 'not_found');
    const firstPage = (await api('GET', `${path}?obligation=O1&limit=1`, as(viewer))).json;
    // A cursor of one obligation's list is not a cursor of the whole list.
    expect(expectProblem(await api('GET', `${path}?cursor=${encodeURIComponent(firstPage.nextCursor)}`, as(viewer)), 400, 'validation_error').errors[0]!.field).toBe('cursor');

    await expect(sql`update promise_runs set result = 'passed' where id = ${all.items[0].id}`.execute(m.database.db)).rejects.toThrow(/append-only/);
    expect((await api('GET', `${path}?limit=200`, as(viewer))).json.items).toEqual(all.items);
  });

  it('answers 415 for a body that is not JSON and 413 for one over 1 MiB', async () => {
    expectProblem(await api('POST', P(), { session: editor.session, body: 'title: yaml', headers: { 'content-type': 'application/yaml' } }), 415, 'unsupported_media_type');
    const big = JSON.stringify({ title: 'Big', text: 'x'.repeat(1024 * 1024) });
    expectProblem(await call(m.service.url, 'POST', P(), { session: editor.session, body: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
  });
});
