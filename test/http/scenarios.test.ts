import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, rawRequest, type CallOptions } from '../support/http-client';
import { idFor, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * The scenario endpoints over HTTP against the built server and a real
 * PostgreSQL (part 1 "Scenario document", "Scenarios", "Errors", "Limits",
 * "Authentication"): create with a caller-chosen ID, replace, list in name
 * order with cursor paging, delete with the ID kept, the body errors and
 * limits, the 2000-scenario cap, the run endpoint over main and over a draft
 * (with a few playback rules end to end), and who may call what.
 */

const fact = { factStatus: 'declared', provenance: null, stale: null };
const hex64 = /^[0-9a-f]{64}$/;

/** The IDs of the playback model, from one seed. */
function modelIds(seed: string) {
  const id = (label: string) => idFor(seed, label);
  return {
    client: id('client'),
    orders: id('orders'),
    payments: id('payments'),
    consumerA: id('consumer-a'),
    consumerB: id('consumer-b'),
    db: id('db'),
    placeOrder: id('op-place'),
    charge: id('op-charge'),
    audit: id('op-audit'),
    exchange: id('c-exchange'),
    queueA: id('c-queue-a'),
    queueB: id('c-queue-b'),
    bindA: id('b-a'),
    bindB: id('b-b'),
    subA: id('sub-a'),
    subB: id('sub-b'),
    placed: id('m-placed'),
  };
}
type Ids = ReturnType<typeof modelIds>;

/**
 * A small model for playback: a client calls Orders (PlaceOrder: timeout
 * 1000 ms, 3 attempts 250 ms apart), Payments (Charge: timeout 500, no
 * retry), Audit (timeout 500); an exchange bound to two queues with routing
 * keys `order.*` and `invoice.#`, one subscription on each queue.
 */
function playbackModel(ids: Ids) {
  const element = (id: string, kind: string, name: string, parentId: string | null = null) => ({
    id,
    kind,
    name,
    description: null,
    technology: null,
    status: 'current',
    parentId,
    tags: [],
    icon: null,
    ...fact,
  });
  const operation = (id: string, ownerId: string, name: string, timeoutMs: number | null, retry: { maxAttempts: number; backoffMs: number } | null) => ({
    id,
    ownerId,
    name,
    transport: 'http',
    requestSchemaId: null,
    responseSchemaId: null,
    timeoutMs,
    retry,
    ...fact,
  });
  return {
    version: '1.0',
    elements: [
      element(ids.client, 'system', 'Client'),
      element(ids.orders, 'system', 'Orders'),
      element(ids.payments, 'system', 'Payments'),
      element(ids.consumerA, 'system', 'Consumer A'),
      element(ids.consumerB, 'system', 'Consumer B'),
      element(ids.db, 'store', 'Orders DB', ids.orders),
    ],
    operations: [
      operation(ids.placeOrder, ids.orders, 'PlaceOrder', 1000, { maxAttempts: 3, backoffMs: 250 }),
      operation(ids.charge, ids.payments, 'Charge', 500, null),
      operation(ids.audit, ids.consumerB, 'Audit', 500, null),
    ],
    channels: [
      { id: ids.exchange, name: 'orders-exchange', kind: 'exchange', ...fact },
      { id: ids.queueA, name: 'placed-queue', kind: 'queue', ...fact },
      { id: ids.queueB, name: 'invoices-queue', kind: 'queue', ...fact },
    ],
    bindings: [
      { id: ids.bindA, sourceChannelId: ids.exchange, targetChannelId: ids.queueA, routingKey: 'order.*', ...fact },
      { id: ids.bindB, sourceChannelId: ids.exchange, targetChannelId: ids.queueB, routingKey: 'invoice.#', ...fact },
    ],
    subscriptions: [
      { id: ids.subA, channelId: ids.queueA, consumerId: ids.consumerA, retry: null, deadLetterChannelId: null, ...fact },
      { id: ids.subB, channelId: ids.queueB, consumerId: ids.consumerB, retry: null, deadLetterChannelId: null, ...fact },
    ],
    messages: [{ id: ids.placed, name: 'OrderPlaced', description: null, producerId: ids.orders, consumerIds: [], schemaId: null, tags: [], ...fact }],
  };
}

// Step builders: every required list and map present.
const call = (id: string, from: string, operation: string, fields: Record<string, unknown> = {}) => ({ type: 'call', id, from, operation, request: null, response: null, then: [], onError: [], ...fields });
const publish = (id: string, from: string, channel: string, message: string, fields: Record<string, unknown> = {}) => ({
  type: 'publish',
  id,
  from,
  channel,
  message,
  payload: null,
  headers: {},
  handlers: {},
  routingKey: null,
  ...fields,
});
const write = (id: string, by: string, store: string, dataset: string, change: unknown = null) => ({ type: 'write', id, by, store, dataset, change });

/** Checkout: a call whose callee writes, then a publish routed by key to queue A, whose consumer writes. */
function checkoutScenario(ids: Ids, id: string = randomUUID()) {
  return {
    id,
    name: 'Checkout',
    steps: [
      call('place', ids.client, ids.placeOrder, { request: { orderId: 1 }, response: { ok: true }, then: [write('save', ids.orders, ids.db, 'orders', { orderId: 1 })] }),
      publish('announce', ids.orders, ids.exchange, ids.placed, {
        payload: { orderId: 1 },
        headers: { 'x-trace': 't-1' },
        routingKey: 'order.placed',
        handlers: { [ids.subA]: [write('record', ids.consumerA, ids.db, 'seen', { orderId: 1 })] },
      }),
    ],
    faults: [],
    assertions: [
      { type: 'outcome', id: 'place-ok', step: 'place', expected: 'Succeeded' },
      { type: 'event-count', id: 'two-writes', kind: 'DataWritten', target: null, expected: 2 },
    ],
  };
}

/** The normalised document the service stores and answers: every listed field present, unknown ones dropped, `origin` null. */
function asStored(document: Record<string, unknown>): Record<string, unknown> {
  return { ...document, origin: null };
}

describe('scenarios over HTTP: create, replace, list, delete, errors, limits, run, roles', () => {
  let m: ModelService;
  let workspaceId: string;
  /** Holds the playback model; scenarios that are run live here. */
  let project: Project;
  /** CRUD and listing only: its scenario list is exactly what these tests made. */
  let crud: Project;
  let otherWorkspaceProject: Project;
  let viewer: Person;
  let readToken: string;
  let ids: Ids;

  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const as = (person: Person, json?: unknown): CallOptions => ({ session: person.session, ...(json === undefined ? {} : { json }) });
  const S = (p: Project = project) => `/api/projects/${p.id}/scenarios`;

  async function create(document: Record<string, unknown>, p: Project = project): Promise<any> {
    const answer = await m.api('POST', S(p), admin(document));
    expect(answer.status, answer.text.slice(0, 500)).toBe(201);
    // The answer is the scenario as read back later, plus what the save ignored: nothing, for the documents these tests send.
    const { ignored, ...scenario } = answer.json;
    expect(ignored).toEqual([]);
    return scenario;
  }

  async function run(scenarioId: string, query = '', options: CallOptions = admin()): Promise<any> {
    const answer = await m.api('POST', `${S()}/${scenarioId}/run${query}`, options);
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(answer.json).sort()).toEqual(['assertions', 'engineVersion', 'events', 'hash', 'issues', 'labels', 'modelVersion', 'outcomes']);
    return answer.json;
  }

  const outcomesOf = (result: any): Record<string, string> => Object.fromEntries(result.outcomes.map((o: any) => [o.stepId, o.outcome]));
  const kindsOf = (result: any): string[] => result.events.map((e: any) => e.kind);

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Scenarios');
    project = await m.createProject(workspaceId, 'Playback');
    crud = await m.createProject(workspaceId, 'CRUD');
    const otherWorkspace = await m.createWorkspace('Elsewhere');
    otherWorkspaceProject = await m.createProject(otherWorkspace, 'Not yours');
    viewer = await m.newPerson('viewer@scenarios.test', [{ workspaceId, role: 'viewer' }]);
    readToken = await m.createToken(workspaceId, ['read']);
    ids = modelIds(randomUUID());
    const imported = await m.importModel(project.id, playbackModel(ids));
    expect(imported.status, imported.text.slice(0, 1000)).toBe(200);
    expect(imported.json.refused).toBe(0);
  });

  afterAll(async () => {
    await m?.stop();
  });

  describe('create, read, replace, delete', () => {
    it('creates with the caller-chosen ID (201), reads it back with origin null, and answers the normalised document', async () => {
      const id = randomUUID();
      const document = checkoutScenario(ids, id.toUpperCase());
      const answer = await m.api('POST', S(crud), admin({ ...document, comment: 'dropped', origin: { kind: 'ai-proposal', proposalId: randomUUID(), provider: 'x', model: 'y' } }));
      expect(answer.status, answer.text).toBe(201);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      // The ID is stored lower-case; `origin` is read-only (a body cannot set it); unknown members are dropped and named.
      const { ignored, ...created } = answer.json;
      expect(created).toEqual(asStored({ ...document, id }));
      expect(ignored).toEqual([
        { path: '$.comment', reason: 'a scenario document has no field comment; ignored' },
        { path: '$.origin', reason: 'origin is returned on read only; a save keeps the stored origin (null for a scenario a person wrote); ignored' },
      ]);
      const read = await m.api('GET', `${S(crud)}/${id}`, admin());
      expect(read.status, read.text).toBe(200);
      expect(read.json).toEqual(created);
      expect(read.json.origin).toBeNull();
      // Upper case in the path names the same scenario.
      expect((await m.api('GET', `${S(crud)}/${id.toUpperCase()}`, admin())).json).toEqual(created);
    });

    it('fills listed fields a body leaves out with null and keeps what is only checked when the scenario runs', async () => {
      const id = randomUUID();
      const created = await create({ id, name: 'Sparse', steps: [{ type: 'write', id: 'w', by: ids.orders, store: ids.db }], faults: [{ target: ids.charge, kind: 'Sometimes', failFirst: 0 }] }, crud);
      expect(created).toEqual({
        id,
        name: 'Sparse',
        steps: [{ type: 'write', id: 'w', by: ids.orders, store: ids.db, dataset: null, change: null }],
        faults: [{ target: ids.charge, kind: 'Sometimes', failFirst: 0 }],
        assertions: null,
        origin: null,
      });
    });

    it('names each misspelt member it ignores with its JSON path on create and replace, stores none of them, and plays as the stored document says', async () => {
      const id = randomUUID();
      const document = checkoutScenario(ids, id) as any;
      const misspelt = structuredClone(document);
      misspelt.steps[0].opertion = misspelt.steps[0].operation;
      delete misspelt.steps[0].operation;
      misspelt.asertions = [];
      const answer = await m.api('POST', S(crud), admin(misspelt));
      expect(answer.status, answer.text).toBe(201);
      // Top-level members first, then the lists in document order.
      expect(answer.json.ignored).toEqual([
        { path: '$.asertions', reason: 'a scenario document has no field asertions (did you mean assertions?); ignored' },
        { path: '$.steps[0].opertion', reason: 'a call step has no field opertion (did you mean operation?); ignored' },
      ]);
      // The field the writer meant is null: the answer shows it, and the run reports the missing operation.
      expect(answer.json.steps[0].operation).toBeNull();
      const read = await m.api('GET', `${S(crud)}/${id}`, admin());
      expect(read.json).not.toHaveProperty('ignored');
      expect(JSON.stringify(read.json)).not.toMatch(/opertion|asertions/);

      const replaced = await m.api('PUT', `${S(crud)}/${id}`, admin({ ...document, faults: [{ target: ids.charge, kind: 'Error', failFirst: 1, fail_first: 2 }] }));
      expect(replaced.status, replaced.text).toBe(200);
      expect(replaced.json.ignored).toEqual([{ path: '$.faults[0].fail_first', reason: 'a fault has no field fail_first (did you mean failFirst?); ignored' }]);
      expect((await m.api('PUT', `${S(crud)}/${id}`, admin(document))).json.ignored).toEqual([]);
    });

    it('answers 409 for an ID in use, also when the scenario holding it was deleted', async () => {
      const id = randomUUID();
      await create(checkoutScenario(ids, id), crud);
      const again = expectProblem(await m.api('POST', S(crud), admin({ ...checkoutScenario(ids, id.toUpperCase()), name: 'Another' })), 409);
      expect(again.errors.map((e) => e.field)).toContain('id');

      const deleted = await m.api('DELETE', `${S(crud)}/${id}`, admin());
      expect(deleted.status, deleted.text).toBe(204);
      expect(deleted.text).toBe('');
      expectProblem(await m.api('GET', `${S(crud)}/${id}`, admin()), 404);
      // "a deleted scenario keeps its ID"
      expectProblem(await m.api('POST', S(crud), admin(checkoutScenario(ids, id))), 409);
      // Gone for every other call too.
      expectProblem(await m.api('DELETE', `${S(crud)}/${id}`, admin()), 404);
      expectProblem(await m.api('PUT', `${S(crud)}/${id}`, admin({ ...checkoutScenario(ids), id: undefined })), 404);
      expectProblem(await m.api('POST', `${S(crud)}/${id}/run`, admin()), 404);
      expect((await m.api('GET', `${S(crud)}?limit=200`, admin())).json.items.map((i: any) => i.id)).not.toContain(id);
    });

    it('the same ID in another project is another scenario', async () => {
      const id = randomUUID();
      await create(checkoutScenario(ids, id), crud);
      const elsewhere = await create({ ...checkoutScenario(ids, id), name: 'Same ID, other project' }, project);
      expect(elsewhere.id).toBe(id);
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).json.name).toBe('Checkout');
      expect((await m.api('GET', `${S(project)}/${id}`, admin())).json.name).toBe('Same ID, other project');
      expect((await m.api('DELETE', `${S(project)}/${id}`, admin())).status).toBe(204);
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).status).toBe(200);
    });

    it('replaces: the ID comes from the path (the body may omit it or repeat it), never another ID', async () => {
      const id = randomUUID();
      await create(checkoutScenario(ids, id), crud);
      const { id: _omitted, ...withoutId } = checkoutScenario(ids, id);
      const replaced = await m.api('PUT', `${S(crud)}/${id}`, admin({ ...withoutId, name: 'Checkout v2', steps: [] }));
      expect(replaced.status, replaced.text).toBe(200);
      const { ignored, ...replacedScenario } = replaced.json;
      expect(ignored).toEqual([]);
      expect(replacedScenario).toEqual(asStored({ ...withoutId, id, name: 'Checkout v2', steps: [] }));
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).json).toEqual(replacedScenario);

      const same = await m.api('PUT', `${S(crud)}/${id}`, admin({ ...withoutId, id: id.toUpperCase(), name: 'Checkout v3' }));
      expect(same.status, same.text).toBe(200);
      expect(same.json.id).toBe(id);

      const other = expectProblem(await m.api('PUT', `${S(crud)}/${id}`, admin({ ...withoutId, id: randomUUID(), name: 'Hijack' })), 400, 'validation_error');
      expect(other.errors.map((e) => e.field)).toEqual(['id']);
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).json.name).toBe('Checkout v3');

      expectProblem(await m.api('PUT', `${S(crud)}/${randomUUID()}`, admin(withoutId)), 404);
      // A path ID that is not a GUID names nothing (the service's rule for every path ID).
      expectProblem(await m.api('PUT', `${S(crud)}/not-a-guid`, admin(withoutId)), 404);
    });

    it('refuses a create without an ID, with one that is not a GUID, or without a name (400 invalid_scenario); a name over 200 characters is a limit (400 validation_error)', async () => {
      const { id: _id, ...noId } = checkoutScenario(ids);
      expect(expectProblem(await m.api('POST', S(crud), admin(noId)), 400, 'invalid_scenario').errors.map((e) => e.field)).toEqual(['id']);
      expect(expectProblem(await m.api('POST', S(crud), admin({ ...noId, id: 'scenario-1' })), 400, 'invalid_scenario').errors.map((e) => e.field)).toEqual(['id']);
      const { name: _name, ...noName } = checkoutScenario(ids);
      expect(expectProblem(await m.api('POST', S(crud), admin(noName)), 400, 'invalid_scenario').errors.map((e) => e.field)).toEqual(['name']);
      const longName = expectProblem(await m.api('POST', S(crud), admin({ ...noName, id: randomUUID(), name: 'n'.repeat(201) })), 400, 'validation_error');
      expect(longName.errors.map((e) => e.field)).toEqual(['name']);
    });
  });

  describe('list', () => {
    // Made out of order; names that sort the same under the C collation the service's database uses and under a language collation.
    const names = ['Delta', 'Alpha', 'Charlie 2', 'Bravo', 'Echo', 'Charlie 10', 'Ünïcødé'];
    const listed: { id: string; name: string }[] = [];
    let listProject: Project;

    beforeAll(async () => {
      listProject = await m.createProject(workspaceId, 'Listing');
      for (const name of names) {
        const made = await create({ ...checkoutScenario(ids), name }, listProject);
        listed.push({ id: made.id, name });
      }
      // A second scenario with the same name: ties go by ID.
      const twin = await create({ ...checkoutScenario(ids), name: 'Echo' }, listProject);
      listed.push({ id: twin.id, name: 'Echo' });
      // A deleted one is not listed.
      const gone = await create({ ...checkoutScenario(ids), name: 'Zulu (deleted)' }, listProject);
      expect((await m.api('DELETE', `${S(listProject)}/${gone.id}`, admin())).status).toBe(204);
    });

    /** Name order (code-point order of the names, then ID). */
    const expectedOrder = () => [...listed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

    it('lists {id, name} in name order with a default page of 50', async () => {
      const answer = await m.api('GET', S(listProject), admin());
      expect(answer.status, answer.text).toBe(200);
      expect(Object.keys(answer.json).sort()).toEqual(['items', 'nextCursor']);
      expect(answer.json.items).toEqual(expectedOrder());
      expect(answer.json.nextCursor).toBeNull();
    });

    it('pages with limit 1 to the end, every item once, in order', async () => {
      const seen: any[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer = await m.api('GET', `${S(listProject)}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin());
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json.items.length).toBe(1);
        seen.push(...answer.json.items);
        cursor = answer.json.nextCursor;
        pages++;
        expect(pages).toBeLessThanOrEqual(listed.length);
      } while (cursor !== null);
      expect(pages).toBe(listed.length);
      expect(seen).toEqual(expectedOrder());
    });

    it('pages with limit 3: the last page is short and has no cursor', async () => {
      const first = await m.api('GET', `${S(listProject)}?limit=3`, admin());
      const second = await m.api('GET', `${S(listProject)}?limit=3&cursor=${encodeURIComponent(first.json.nextCursor)}`, admin());
      const third = await m.api('GET', `${S(listProject)}?limit=3&cursor=${encodeURIComponent(second.json.nextCursor)}`, admin());
      expect([...first.json.items, ...second.json.items, ...third.json.items]).toEqual(expectedOrder());
      expect(listed.length).toBe(8);
      expect(third.json.items.length).toBe(2);
      expect(third.json.nextCursor).toBeNull();
    });

    it('refuses a limit outside 1..200 and a cursor it did not give (400 validation_error)', async () => {
      for (const limit of ['0', '201', '-1', 'ten', '1.5', '0x3', '1e2', '', ' 5']) {
        const problem = expectProblem(await m.api('GET', `${S(listProject)}?limit=${limit}`, admin()), 400, 'validation_error');
        expect(problem.errors.map((e) => e.field)).toContain('limit');
      }
      expect((await m.api('GET', `${S(listProject)}?limit=200`, admin())).status).toBe(200);

      const cursor = (await m.api('GET', `${S(listProject)}?limit=2`, admin())).json.nextCursor as string;
      const [body, signature] = cursor.split('.');
      const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
      const tampered = [`${flip(body!, 3)}.${signature}`, `${body}.${flip(signature!, 0)}`, `${body}`, 'not-a-cursor', `${cursor}.x`, ''];
      for (const bad of tampered) {
        const problem = expectProblem(await m.api('GET', `${S(listProject)}?limit=2&cursor=${encodeURIComponent(bad)}`, admin()), 400, 'validation_error');
        expect(problem.errors.map((e) => e.field)).toEqual(['cursor']);
      }
      // A cursor of another project's list is not a cursor of this one.
      await create({ ...checkoutScenario(ids), name: 'a' }, crud);
      await create({ ...checkoutScenario(ids), name: 'b' }, crud);
      const foreign = (await m.api('GET', `${S(crud)}?limit=1`, admin())).json.nextCursor as string;
      expect(foreign).toEqual(expect.any(String));
      expectProblem(await m.api('GET', `${S(listProject)}?limit=1&cursor=${encodeURIComponent(foreign)}`, admin()), 400, 'validation_error');
    });
  });

  describe('body errors and limits', () => {
    it('400 invalid_scenario for a body that is not a scenario document', async () => {
      const base = checkoutScenario(ids);
      const bodies: [string, unknown][] = [
        ['an array', [base]],
        ['a string', 'scenario'],
        ['a step with no type', { ...base, steps: [{ id: 'x', from: ids.client, operation: ids.charge, request: null, response: null, then: [], onError: [] }] }],
        ['a step with an unknown type', { ...base, steps: [{ type: 'sleep', id: 'x', ms: 10 }] }],
        ['a nested step with an unknown type', { ...base, steps: [call('x', ids.client, ids.charge, { then: [{ type: 'Call', id: 'y' }] })] }],
        ['an assertion with no type', { ...base, assertions: [{ id: 'a', step: 'place', expected: 'Succeeded' }] }],
        ['an assertion with an unknown type', { ...base, assertions: [{ type: 'latency', id: 'a', step: 'place', max: 10 }] }],
        ['steps that are not a list', { ...base, steps: { first: call('x', ids.client, ids.charge) } }],
        ['a name that is not a string', { ...base, name: 42 }],
        ['headers with a non-text value', { ...base, steps: [publish('p', ids.orders, ids.exchange, ids.placed, { headers: { retries: 3 } })] }],
      ];
      for (const [what, body] of bodies) {
        const answer = await m.api('POST', S(crud), admin(body));
        expect(answer.status, `${what}: ${answer.text}`).toBe(400);
        expectProblem(answer, 400, 'invalid_scenario');
      }
      // The same reader serves replace.
      const existing = await create(checkoutScenario(ids), crud);
      expectProblem(await m.api('PUT', `${S(crud)}/${existing.id}`, admin({ ...base, id: undefined, steps: [{ type: 'sleep', id: 'x' }] })), 400, 'invalid_scenario');
      expect((await m.api('GET', `${S(crud)}/${existing.id}`, admin())).json).toEqual(existing);
    });

    it('400 invalid_scenario for malformed JSON on create and replace', async () => {
      const existing = await create(checkoutScenario(ids), crud);
      for (const [method, path] of [
        ['POST', S(crud)],
        ['PUT', `${S(crud)}/${existing.id}`],
      ] as const) {
        // Broken JSON, trailing text, a byte-order mark, white space only, and no body at all.
        for (const text of ['{"id": "', '{"name": "x",}', 'null x', '{} {}', '\ufeff{}', ' ', '']) {
          const answer = await m.api(method, path, { session: m.admin.session, body: text, headers: { 'content-type': 'application/json' } });
          expect(answer.status, `${JSON.stringify(text)}: ${answer.text}`).toBe(400);
          expectProblem(answer, 400, 'invalid_scenario');
        }
      }
    });

    it('refuses bytes that are not UTF-8 (400 invalid_scenario) and numbers of over 40 characters (400 validation_error with the path); nothing is stored', async () => {
      const utf8 = (text: string) => Buffer.from(text, 'utf8');
      for (const [where, build] of [
        ['the name', (id: string) => Buffer.concat([utf8(`{"id":"${id}","name":"a`), Buffer.from([0xff, 0xfe]), utf8('b","steps":[],"faults":[],"assertions":[]}')])],
        ['a header value', (id: string) => Buffer.concat([utf8(`{"id":"${id}","name":"h","steps":[{"type":"publish","id":"p","from":"${ids.orders}","channel":"${ids.exchange}","message":"${ids.placed}","payload":null,"headers":{"h":"`), Buffer.from([0xc3, 0x28]), utf8('"},"handlers":{}}],"faults":[],"assertions":[]}')])],
      ] as const) {
        const id = randomUUID();
        const answer = await m.api('POST', S(crud), { session: m.admin.session, body: build(id), headers: { 'content-type': 'application/json' } });
        expect(answer.status, `${where}: ${answer.text}`).toBe(400);
        expectProblem(answer, 400, 'invalid_scenario');
        expect((await m.api('GET', `${S(crud)}/${id}`, admin())).status).toBe(404);
      }
      const long = `1${'2'.repeat(44)}`;
      const id = randomUUID();
      const text = `{"id":"${id}","name":"Long number","steps":[{"type":"write","id":"w","by":"${ids.orders}","store":"${ids.db}","dataset":"d","change":{"n":[1,${long}]}}],"faults":[],"assertions":[]}`;
      const answer = await m.api('POST', S(crud), { session: m.admin.session, body: text, headers: { 'content-type': 'application/json' } });
      const problem = expectProblem(answer, 400, 'validation_error');
      expect(problem.errors).toEqual([{ field: 'steps[0].change.n[1]', message: 'must be a number of at most 40 characters (it has 45)' }]);
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).status).toBe(404);
      // 40 characters pass.
      const forty = text.replace(long, `0.${'5'.repeat(38)}`).replace('Long number', 'Forty');
      expect((await m.api('POST', S(crud), { session: m.admin.session, body: forty, headers: { 'content-type': 'application/json' } })).status).toBe(201);
    });

    it('accepts `type` at any position in a step or assertion object', async () => {
      const id = randomUUID();
      const text = `{"name":"Type last","id":"${id}","faults":[],"steps":[{"id":"w","by":"${ids.orders}","store":"${ids.db}","dataset":"orders","change":{"type":"not the step type"},"type":"write"},{"branches":[[{"dataset":"d","by":"${ids.orders}","id":"w2","store":"${ids.db}","type":"write"}]],"id":"par","type":"parallel"}],"assertions":[{"expected":"Succeeded","step":"w","id":"a","type":"outcome"}]}`;
      const answer = await m.api('POST', S(), { session: m.admin.session, body: text, headers: { 'content-type': 'application/json' } });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.json.steps[0]).toEqual({ type: 'write', id: 'w', by: ids.orders, store: ids.db, dataset: 'orders', change: { type: 'not the step type' } });
      const result = await run(id);
      expect(result.issues).toEqual([]);
      expect(outcomesOf(result)).toEqual({ w: 'Succeeded', par: 'Succeeded', w2: 'Succeeded' });
      expect(result.assertions).toEqual([{ id: 'a', passed: true, detail: expect.any(String) }]);
    });

    it('400 validation_error with the JSON path of a value over a limit', async () => {
      const base = checkoutScenario(ids);
      const cases: [string, unknown, string][] = [
        [
          'a step ID of 101 characters',
          { ...base, steps: [call('outer', ids.client, ids.placeOrder, { then: [write('ok', ids.orders, ids.db, 'd'), write('x'.repeat(101), ids.orders, ids.db, 'd')] })] },
          'steps[0].then[1].id',
        ],
        ['a header value over 2000 characters', { ...base, steps: [publish('p', ids.orders, ids.exchange, ids.placed, { headers: { 'x-trace': 'v'.repeat(2001) } })] }, 'steps[0].headers.x-trace'],
        ['a header name over 200 characters', { ...base, steps: [publish('p', ids.orders, ids.exchange, ids.placed, { headers: { ['h'.repeat(201)]: 'v' } })] }, `steps[0].headers.${'h'.repeat(201)}`],
        ['51 headers', { ...base, steps: [publish('p', ids.orders, ids.exchange, ids.placed, { headers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`h${i}`, 'v'])) })] }, 'steps[0].headers'],
        ['a routing key over 200 characters', { ...base, steps: [write('w', ids.orders, ids.db, 'd'), publish('p', ids.orders, ids.exchange, ids.placed, { routingKey: 'k'.repeat(201) })] }, 'steps[1].routingKey'],
        ['a dataset over 200 characters', { ...base, steps: [write('w', ids.orders, ids.db, 'd'.repeat(201))] }, 'steps[0].dataset'],
        ['a whenStep over 100 characters', { ...base, steps: [{ type: 'branch', id: 'b', whenStep: 's'.repeat(101), is: 'Failed', then: [], else: [] }] }, 'steps[0].whenStep'],
        ['an assertion ID over 100 characters', { ...base, assertions: [{ type: 'outcome', id: 'a'.repeat(101), step: 'place', expected: 'Failed' }] }, 'assertions[0].id'],
        ['a control character in a step ID', { ...base, steps: [write('bad\u0007id', ids.orders, ids.db, 'd')] }, 'steps[0].id'],
        ['U+0000 in a payload', { ...base, steps: [publish('p', ids.orders, ids.exchange, ids.placed, { payload: { note: 'a\u0000b' } })] }, 'steps[0].payload.note'],
        ['a payload nested over 32 levels', { ...base, steps: [write('w', ids.orders, ids.db, 'd', JSON.parse('['.repeat(33) + ']'.repeat(33)))] }, 'steps[0].change'],
      ];
      for (const [what, body, field] of cases) {
        const answer = await m.api('POST', S(crud), admin(body));
        expect(answer.status, `${what}: ${answer.text.slice(0, 400)}`).toBe(400);
        const problem = expectProblem(answer, 400, 'validation_error');
        expect(
          problem.errors.some((e) => e.field === field || e.field.startsWith(field)),
          `${what}: expected an error at ${field}, got ${JSON.stringify(problem.errors).slice(0, 400)}`,
        ).toBe(true);
      }
      // Exactly at the limits: accepted.
      const atLimits = await m.api(
        'POST',
        S(crud),
        admin({
          ...base,
          id: randomUUID(),
          name: 'n'.repeat(200),
          steps: [
            call('outer', ids.client, ids.placeOrder, { then: [write('ok', ids.orders, ids.db, 'd'), write('x'.repeat(100), ids.orders, ids.db, 'd'.repeat(200))] }),
            publish('p', ids.orders, ids.exchange, ids.placed, { headers: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`h${i}`, i === 0 ? 'v'.repeat(2000) : 'v'])), routingKey: 'k'.repeat(200) }),
          ],
        }),
      );
      expect(atLimits.status, atLimits.text.slice(0, 500)).toBe(201);
    });

    it('413 scenario_too_large for a stored document over 512 KiB sent in a request under 1 MiB; nothing is stored', async () => {
      const id = randomUUID();
      // Payload size (64 KB) is a run issue, not a save limit: ten 60 000-character payloads make a ~600 KB document.
      const steps = Array.from({ length: 10 }, (_, i) => publish(`p${i}`, ids.orders, ids.exchange, ids.placed, { payload: 'x'.repeat(60_000) }));
      const body = JSON.stringify({ id, name: 'Big', steps, faults: [], assertions: [] });
      expect(Buffer.byteLength(body)).toBeGreaterThan(512 * 1024);
      expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
      const answer = await m.api('POST', S(crud), { session: m.admin.session, body, headers: { 'content-type': 'application/json' } });
      expectProblem(answer, 413, 'scenario_too_large');
      expectProblem(await m.api('GET', `${S(crud)}/${id}`, admin()), 404);

      // Under the limit it stores; a replace that grows it past the limit is refused and keeps the old document.
      const small = await create({ id, name: 'Big', steps: steps.slice(0, 5), faults: [], assertions: [] }, crud);
      expectProblem(await m.api('PUT', `${S(crud)}/${id}`, { session: m.admin.session, body, headers: { 'content-type': 'application/json' } }), 413, 'scenario_too_large');
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).json).toEqual(small);
    });

    it('413 for a request body over 1 MiB', async () => {
      const id = randomUUID();
      const body = JSON.stringify({ id, name: 'Huge', steps: [write('w', ids.orders, ids.db, 'd', 'x'.repeat(1024 * 1024))], faults: [], assertions: [] });
      expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
      const answer = await m.api('POST', S(crud), { session: m.admin.session, body, headers: { 'content-type': 'application/json' } });
      expectProblem(answer, 413);
      expectProblem(await m.api('GET', `${S(crud)}/${id}`, admin()), 404);
      const existing = await create(checkoutScenario(ids), crud);
      expectProblem(await m.api('PUT', `${S(crud)}/${existing.id}`, { session: m.admin.session, body, headers: { 'content-type': 'application/json' } }), 413);
    });

    it('the limits are inclusive: a stored document of exactly 512 KiB and a request of exactly 1 MiB pass their checks', async () => {
      /** A body whose text is exactly `bytes` long and whose stored form (same members, same order) is the same text. */
      const bodyOf = (id: string, bytes: number) => {
        const shape = (padding: number) => JSON.stringify({ id, name: 'Edge', steps: [{ type: 'write', id: 'w', by: ids.orders, store: ids.db, dataset: 'd', change: 'x'.repeat(padding) }], faults: [], assertions: [] });
        const text = shape(bytes - Buffer.byteLength(shape(0)));
        expect(Buffer.byteLength(text)).toBe(bytes);
        return text;
      };
      const post = (body: string) => m.api('POST', S(crud), { session: m.admin.session, body, headers: { 'content-type': 'application/json' } });
      const atStoredLimit = randomUUID();
      const stored = await post(bodyOf(atStoredLimit, 512 * 1024));
      expect(stored.status, stored.text.slice(0, 300)).toBe(201);
      expect(JSON.stringify({ ...stored.json, origin: undefined, ignored: undefined })).toBe(bodyOf(atStoredLimit, 512 * 1024));
      expectProblem(await post(bodyOf(randomUUID(), 512 * 1024 + 1)), 413, 'scenario_too_large');
      // A request of exactly 1 MiB is read (and then refused as a stored document); one byte more is refused unread.
      expectProblem(await post(bodyOf(randomUUID(), 1024 * 1024)), 413, 'scenario_too_large');
      const over = expectProblem(await post(bodyOf(randomUUID(), 1024 * 1024 + 1)), 413);
      expect(over.type).not.toBe('scenario_too_large');
    });

    it('413 for a chunked request body over 1 MiB and for a declared length over 1 MiB (raw HTTP)', async () => {
      const url = new URL(m.service.url);
      const head = (extra: string) => `POST ${S(crud)} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: svc_session=${m.admin.session}\r\nContent-Type: application/json\r\nConnection: close\r\n${extra}\r\n`;
      const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
      const piece = 'x'.repeat(400 * 1024);
      const chunked = await rawRequest(m.service.url, [head('Transfer-Encoding: chunked\r\n'), chunk(`{"id":"${randomUUID()}","name":"Chunked","steps":[],"faults":[],"assertions":[],"pad":"`), chunk(piece), chunk(piece), chunk(piece), chunk('"}'), '0\r\n\r\n']);
      expectProblem(chunked, 413);
      const declared = await rawRequest(m.service.url, [head(`Content-Length: ${1024 * 1024 + 1}\r\n`), '{"id":']);
      expectProblem(declared, 413);
    });

    it('409 past 2000 scenarios in a project; deleted ones do not count', async () => {
      const full = await m.createProject(workspaceId, 'Full');
      const now = new Date();
      const rows = Array.from({ length: 2000 }, (_, i) => ({
        project_id: full.id,
        id: randomUUID(),
        name: `Bulk ${String(i).padStart(4, '0')}`,
        document: JSON.stringify({ steps: [], faults: [], assertions: [] }),
        origin: null,
        created_by: 'test',
        created_at: now,
        updated_at: now,
      }));
      await m.database.db.insertInto('scenarios').values(rows).execute();
      const refused = expectProblem(await m.api('POST', S(full), admin(checkoutScenario(ids))), 409);
      expect(`${refused.title} ${refused.detail}`).toMatch(/2000/);

      // The list pages by the default of 50 through the bulk rows.
      const page = await m.api('GET', S(full), admin());
      expect(page.json.items.length).toBe(50);
      expect(page.json.items[0]).toEqual({ id: rows[0]!.id, name: 'Bulk 0000' });
      expect(page.json.nextCursor).toEqual(expect.any(String));
      let cursor: string | null = null;
      let count = 0;
      do {
        const next: any = await m.api('GET', `${S(full)}?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin());
        expect(next.status, next.text.slice(0, 300)).toBe(200);
        count += next.json.items.length;
        cursor = next.json.nextCursor;
      } while (cursor !== null);
      expect(count).toBe(2000);

      // One place free, eight creates at once: exactly one gets it.
      expect((await m.api('DELETE', `${S(full)}/${rows[7]!.id}`, admin())).status).toBe(204);
      const racing = await Promise.all(Array.from({ length: 8 }, () => m.api('POST', S(full), admin(checkoutScenario(ids)))));
      expect(racing.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      expectProblem(await m.api('POST', S(full), admin(checkoutScenario(ids))), 409);
    });

    it('creates racing for one ID: one 201, the others 409, never a server error', async () => {
      const id = randomUUID();
      const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => m.api('POST', S(crud), admin({ ...checkoutScenario(ids, i % 2 ? id : id.toUpperCase()), name: `Race ${i}` }))));
      expect(racing.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const answer of racing.filter((a) => a.status === 409)) expectProblem(answer, 409);
      const winner = racing.find((a) => a.status === 201)!;
      expect((await m.api('GET', `${S(crud)}/${id}`, admin())).json).toEqual({ ...winner.json, ignored: undefined });
    });
  });

  describe('run', () => {
    let checkoutId: string;

    beforeAll(async () => {
      checkoutId = (await create(checkoutScenario(ids))).id;
    });

    it('plays a valid scenario over main: events, outcomes, assertions, labels, hash; modelVersion is main’s', async () => {
      const version = await m.modelVersion(project.id);
      const result = await run(checkoutId);
      expect(result.engineVersion).toBe(1);
      expect(result.modelVersion).toBe(version);
      expect(result.issues).toEqual([]);
      expect(result.hash).toMatch(hex64);
      expect(result.events.map((e: any) => e.sequence)).toEqual(result.events.map((_: any, i: number) => i + 1));
      for (const event of result.events) {
        expect(Object.keys(event).sort()).toEqual(['atMs', 'attempt', 'detail', 'from', 'headers', 'kind', 'message', 'payload', 'sequence', 'stepId', 'target', 'to']);
        expect(event.atMs).toBe(0);
      }
      expect(kindsOf(result).slice(0, 3)).toEqual(['RequestSent', 'DataWritten', 'ResponseReceived']);
      const [sent, written, received] = result.events;
      expect(sent).toMatchObject({ stepId: 'place', attempt: 1, from: ids.client, to: ids.orders, target: ids.placeOrder, payload: { orderId: 1 }, message: null, headers: null });
      expect(written).toMatchObject({ stepId: 'save', from: ids.orders, to: ids.db, target: ids.db, payload: { orderId: 1 }, detail: 'dataset "orders"' });
      expect(received).toMatchObject({ stepId: 'place', attempt: 1, payload: { ok: true } });
      expect(outcomesOf(result)).toEqual({ place: 'Succeeded', save: 'Succeeded', announce: 'Succeeded', record: 'Succeeded' });
      expect(result.assertions).toEqual([
        { id: 'place-ok', passed: true, detail: expect.any(String) },
        { id: 'two-writes', passed: true, detail: expect.any(String) },
      ]);
      // Every ID an event holds has a label.
      for (const event of result.events) for (const key of ['from', 'to', 'target', 'message']) if (event[key] !== null) expect(result.labels[event[key]], `${key} ${event[key]}`).toEqual(expect.any(String));
      expect(result.labels[ids.placeOrder]).toBe('PlaceOrder');
      expect(result.labels[ids.client]).toBe('Client');
    });

    it('publish fans out through the binding whose routing key matches (rule 7, 8, 10)', async () => {
      const result = await run(checkoutId);
      const messageEvents = result.events.filter((e: any) => e.stepId === 'announce' || e.stepId === 'record');
      const published = messageEvents.find((e: any) => e.kind === 'Published');
      expect(published).toMatchObject({ from: ids.orders, to: ids.exchange, target: ids.exchange, message: ids.placed, headers: { 'x-trace': 't-1' }, payload: { orderId: 1 } });
      const routed = messageEvents.filter((e: any) => e.kind === 'Routed');
      expect(routed).toEqual([expect.objectContaining({ from: ids.exchange, to: ids.queueA, target: ids.bindA, detail: 'routing key "order.placed" matches "order.*"' })]);
      const notRouted = messageEvents.filter((e: any) => e.kind === 'NotRouted');
      expect(notRouted).toEqual([expect.objectContaining({ from: ids.exchange, to: ids.queueB, target: ids.bindB, detail: 'routing key "order.placed" does not match "invoice.#"' })]);
      const delivered = messageEvents.filter((e: any) => e.kind === 'Delivered');
      expect(delivered).toEqual([expect.objectContaining({ stepId: 'announce', from: ids.queueA, to: ids.consumerA, target: ids.subA, attempt: 1, message: ids.placed })]);
      // The handler runs inside the delivery: its write comes before Delivered.
      const handlerWrite = result.events.find((e: any) => e.stepId === 'record');
      expect(handlerWrite.kind).toBe('DataWritten');
      expect(handlerWrite.sequence).toBeLessThan(delivered[0].sequence);
      expect(result.labels[ids.subA]).toBe('placed-queue → Consumer A');
      expect(result.labels[ids.bindA]).toMatch(/^orders-exchange → placed-queue/);
    });

    it('the same run twice gives the same events and hash (rule 13), and running writes nothing', async () => {
      const version = await m.modelVersion(project.id);
      const before = (await m.api('GET', `${S()}/${checkoutId}`, admin())).json;
      const first = await m.api('POST', `${S()}/${checkoutId}/run`, admin());
      const second = await m.api('POST', `${S()}/${checkoutId}/run`, admin());
      expect(second.text).toBe(first.text);
      expect(await m.modelVersion(project.id)).toBe(version);
      expect((await m.api('GET', `${S()}/${checkoutId}`, admin())).json).toEqual(before);
    });

    it('model IDs in upper case name the same records: the same trace and hash', async () => {
      const upper = (value: unknown): unknown =>
        typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)
          ? value.toUpperCase()
          : Array.isArray(value)
            ? value.map(upper)
            : value !== null && typeof value === 'object'
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [/^[0-9a-f-]{36}$/.test(k) ? k.toUpperCase() : k, upper(v)]))
              : value;
      const id = randomUUID();
      const document = checkoutScenario(ids, id);
      const shouted = { ...(upper(document) as object), id, assertions: [...document.assertions, { type: 'event-count', id: 'delivered-a', kind: 'Delivered', target: ids.subA.toUpperCase(), expected: 1 }] };
      expect(JSON.stringify(shouted)).toContain(ids.subA.toUpperCase());
      await create(shouted);
      const result = await run(id);
      const reference = await run(checkoutId);
      expect(result.issues).toEqual([]);
      expect(result.hash).toBe(reference.hash);
      expect(result.events).toEqual(reference.events);
      expect(result.assertions.map((a: any) => [a.id, a.passed])).toEqual([
        ['place-ok', true],
        ['two-writes', true],
        ['delivered-a', true],
      ]);
    });

    it('returns `origin` as stored for a scenario from an accepted AI proposal, and a replace keeps it', async () => {
      const id = randomUUID();
      const origin = { kind: 'ai-proposal', proposalId: randomUUID(), provider: 'openai', model: 'gpt-x' };
      const now = new Date();
      const { id: _id, name: _name, ...lists } = checkoutScenario(ids, id);
      await m.database.db
        .insertInto('scenarios')
        .values({ project_id: project.id, id, name: 'Proposed', document: JSON.stringify({ id, name: 'Proposed', ...lists }), origin: JSON.stringify(origin), created_by: 'service:ai', created_at: now, updated_at: now })
        .execute();
      const read = await m.api('GET', `${S()}/${id}`, admin());
      expect(read.status, read.text).toBe(200);
      expect(read.json.origin).toEqual(origin);
      const replaced = await m.api('PUT', `${S()}/${id}`, admin({ name: 'Proposed, edited', ...lists, origin: null }));
      expect(replaced.status, replaced.text).toBe(200);
      expect(replaced.json.origin).toEqual(origin);
      expect((await m.api('GET', `${S()}/${id}`, admin())).json).toMatchObject({ name: 'Proposed, edited', origin });
      expect((await run(id)).hash).toBe((await run(checkoutId)).hash);
    });

    it('a retry with backoff moves virtual time (rules 1, 3)', async () => {
      const id = randomUUID();
      await create({
        id,
        name: 'Retry',
        steps: [call('place', ids.client, ids.placeOrder, { request: { orderId: 2 }, response: { ok: true }, then: [write('save', ids.orders, ids.db, 'orders')] })],
        faults: [{ target: ids.placeOrder, kind: 'Error', failFirst: 2 }],
        assertions: [{ type: 'event-count', id: 'retries', kind: 'RetryScheduled', target: ids.placeOrder, expected: 2 }],
      });
      const result = await run(id);
      expect(result.issues).toEqual([]);
      expect(result.events.map((e: any) => `${e.atMs} ${e.kind} ${e.stepId}#${e.attempt}`)).toEqual([
        // Rule 3: "each attempt runs `then` again, so writes and messages repeat": an Error attempt runs then, then fails.
        '0 RequestSent place#1',
        '0 DataWritten save#null',
        '0 RequestFailed place#1',
        '0 RetryScheduled place#2',
        '250 RequestSent place#2',
        '250 DataWritten save#null',
        '250 RequestFailed place#2',
        '250 RetryScheduled place#3',
        '500 RequestSent place#3',
        '500 DataWritten save#null',
        '500 ResponseReceived place#3',
      ]);
      expect(result.events[2].detail).toBe(`Error fault on operation ${ids.placeOrder}`);
      expect(result.events[3].detail).toBe('attempt 2 in 250 ms');
      expect(outcomesOf(result)).toEqual({ place: 'Succeeded', save: 'Succeeded' });
      expect(result.assertions).toEqual([{ id: 'retries', passed: true, detail: expect.any(String) }]);
    });

    it('a timeout fails the call at the deadline and skips the rest of its list (rules 2, 4); an answer exactly at the deadline is late', async () => {
      const id = randomUUID();
      await create({
        id,
        name: 'Timeout',
        steps: [
          // Charge times out after 500 ms: its callee's Audit call times out at 500 too, is handled by onError, and the answer at 500 is late.
          call('pay', ids.orders, ids.charge, { then: [call('audit', ids.payments, ids.audit, { onError: [write('audit-failed', ids.payments, ids.db, 'audit-failures')] })] }),
          write('after', ids.orders, ids.db, 'orders'),
        ],
        faults: [{ target: ids.audit, kind: 'Timeout', failFirst: null }],
        assertions: [
          { type: 'outcome', id: 'pay-failed', step: 'pay', expected: 'Failed' },
          { type: 'outcome', id: 'after-skipped', step: 'after', expected: 'Skipped' },
          { type: 'event-count', id: 'no-answer', kind: 'ResponseReceived', target: null, expected: 0 },
        ],
      });
      const result = await run(id);
      expect(result.issues).toEqual([]);
      const timedOut = result.events.filter((e: any) => e.kind === 'RequestTimedOut');
      expect(timedOut.map((e: any) => [e.atMs, e.stepId, e.target])).toEqual(
        expect.arrayContaining([
          [500, 'pay', ids.charge],
          [500, 'audit', ids.audit],
        ]),
      );
      expect(timedOut).toHaveLength(2);
      expect(timedOut.find((e: any) => e.stepId === 'pay').detail).toBe('no response within 500 ms');
      expect(timedOut.find((e: any) => e.stepId === 'audit').detail).toBe(`no response within 500 ms (Timeout fault on operation ${ids.audit})`);
      expect(result.events.filter((e: any) => e.kind === 'ResponseReceived')).toEqual([]);
      expect(result.events.find((e: any) => e.kind === 'DataWritten')).toMatchObject({ stepId: 'audit-failed', atMs: 500 });
      expect(result.events.find((e: any) => e.kind === 'StepSkipped')).toMatchObject({ stepId: 'after', detail: 'step "pay" failed' });
      expect(outcomesOf(result)).toEqual({ pay: 'Failed', audit: 'Failed', 'audit-failed': 'Succeeded', after: 'Skipped' });
      expect(result.assertions.map((a: any) => [a.id, a.passed])).toEqual([
        ['pay-failed', true],
        ['after-skipped', true],
        ['no-answer', true],
      ]);
      expect(result.events.at(-1).atMs).toBe(500);
    });

    it('routing keys as AMQP topic patterns: `#` matches zero words, no key passes no keyed binding (rule 8)', async () => {
      const id = randomUUID();
      await create({
        id,
        name: 'Routing',
        steps: [
          publish('zero-words', ids.orders, ids.exchange, ids.placed, { routingKey: 'invoice' }),
          publish('many-words', ids.orders, ids.exchange, ids.placed, { routingKey: 'invoice.paid.eu' }),
          publish('two-words-for-one', ids.orders, ids.exchange, ids.placed, { routingKey: 'order.placed.eu' }),
          publish('no-key', ids.orders, ids.exchange, ids.placed),
        ],
        faults: [],
        assertions: [{ type: 'event-count', id: 'to-b', kind: 'Delivered', target: ids.subB, expected: 2 }],
      });
      const result = await run(id);
      expect(result.issues).toEqual([]);
      const routes = result.events.filter((e: any) => e.kind === 'Routed' || e.kind === 'NotRouted').map((e: any) => [e.stepId, e.kind, e.target, e.detail]);
      expect(routes).toEqual(
        expect.arrayContaining([
          ['zero-words', 'Routed', ids.bindB, 'routing key "invoice" matches "invoice.#"'],
          ['zero-words', 'NotRouted', ids.bindA, 'routing key "invoice" does not match "order.*"'],
          ['many-words', 'Routed', ids.bindB, 'routing key "invoice.paid.eu" matches "invoice.#"'],
          ['two-words-for-one', 'NotRouted', ids.bindA, 'routing key "order.placed.eu" does not match "order.*"'],
          ['no-key', 'NotRouted', ids.bindA, 'the message has no routing key; the binding needs "order.*"'],
          ['no-key', 'NotRouted', ids.bindB, 'the message has no routing key; the binding needs "invoice.#"'],
        ]),
      );
      expect(routes).toHaveLength(8);
      // Bindings by ID at each channel.
      for (const step of ['zero-words', 'many-words', 'two-words-for-one', 'no-key']) {
        expect(routes.filter((r: any) => r[0] === step).map((r: any) => r[2])).toEqual([ids.bindA, ids.bindB].sort());
      }
      expect(result.events.filter((e: any) => e.kind === 'Delivered').map((e: any) => [e.stepId, e.target])).toEqual([
        ['zero-words', ids.subB],
        ['many-words', ids.subB],
      ]);
      expect(result.assertions).toEqual([{ id: 'to-b', passed: true, detail: expect.any(String) }]);
    });

    it('over a draft branch with ?branchId=: the branch model is played, main is not', async () => {
      const mainResult = await run(checkoutId);
      const created = await m.api('POST', `/api/projects/${project.id}/branches`, admin({ name: 'Wider fan-out', kind: 'draft' }));
      expect(created.status, created.text).toBe(201);
      const branchId = created.json.id as string;
      const B = `/api/projects/${project.id}`;
      // On the draft, the exchange also sends orders to queue B.
      const extra = idFor(branchId, 'b-extra');
      const added = await m.api('POST', `${B}/bindings?branchId=${branchId}`, admin({ id: extra, sourceChannelId: ids.exchange, targetChannelId: ids.queueB, routingKey: 'order.#', ...fact }));
      expect(added.status, added.text).toBe(201);

      const onBranch = await run(checkoutId, `?branchId=${branchId}`);
      expect(onBranch.issues).toEqual([]);
      expect(onBranch.hash).not.toBe(mainResult.hash);
      expect(onBranch.events.filter((e: any) => e.kind === 'Routed').map((e: any) => e.target)).toEqual([ids.bindA, extra].sort());
      // Depth first, bindings by ID: the queue behind the smaller binding ID delivers first.
      expect(onBranch.events.filter((e: any) => e.kind === 'Delivered').map((e: any) => e.target)).toEqual(ids.bindA < extra ? [ids.subA, ids.subB] : [ids.subB, ids.subA]);
      expect(onBranch.labels[extra]).toBe('orders-exchange → invoices-queue [order.#]');
      expect(mainResult.labels[extra]).toBeUndefined();
      const branches = (await m.api('GET', `${B}/branches`, admin())).json.items;
      expect(onBranch.modelVersion).toBe(branches.find((b: any) => b.id === branchId).modelVersion);
      // Main is untouched and still plays as before; the branch run is repeatable too.
      expect((await run(checkoutId)).hash).toBe(mainResult.hash);
      expect((await run(checkoutId, `?branchId=${branchId.toUpperCase()}`)).hash).toBe(onBranch.hash);

      // A draft on which queue A's binding no longer takes placed orders: the handler on queue A's
      // subscription is unreachable for this key there (subscription-not-on-channel), not on main.
      const narrow = (await m.api('POST', `${B}/branches`, admin({ name: 'Narrower key', kind: 'draft' }))).json.id as string;
      const binding = await m.api('GET', `${B}/bindings/${ids.bindA}?branchId=${narrow}`, admin());
      expect(binding.status, binding.text).toBe(200);
      const edited = await m.api('PUT', `${B}/bindings/${ids.bindA}?branchId=${narrow}`, admin({ ...binding.json, routingKey: 'order.shipped' }));
      expect(edited.status, edited.text).toBe(200);
      const narrowed = await run(checkoutId, `?branchId=${narrow}`);
      expect(narrowed.events).toEqual([]);
      expect(narrowed.issues).toEqual([expect.objectContaining({ stepId: 'announce', code: 'subscription-not-on-channel' })]);
      expect((await run(checkoutId)).issues).toEqual([]);

      // A branchId of nothing, of another project or not a GUID; a revision is no branch.
      expectProblem(await m.api('POST', `${S()}/${checkoutId}/run?branchId=${randomUUID()}`, admin()), 404);
      const foreign = await m.api('POST', `/api/projects/${crud.id}/branches`, admin({ name: 'elsewhere', kind: 'variant' }));
      expectProblem(await m.api('POST', `${S()}/${checkoutId}/run?branchId=${foreign.json.id}`, admin()), 404);
      expectProblem(await m.api('POST', `${S()}/${checkoutId}/run?branchId=nope`, admin()), 400, 'validation_error');
      const revision = await m.api('POST', `${B}/revisions`, admin({ name: 'frozen' }));
      expectProblem(await m.api('POST', `${S()}/${checkoutId}/run?branchId=${revision.json.id}`, admin()), 404);
    });

    it('an invalid scenario answers 200 with issues, no events, outcomes or assertions', async () => {
      const id = randomUUID();
      const missing = randomUUID();
      await create({
        id,
        name: 'Broken',
        steps: [call('place', ids.client, missing), write('dup', ids.orders, ids.db, 'd'), write('dup', ids.orders, ids.db, 'd')],
        faults: [],
        assertions: [{ type: 'outcome', id: 'x', step: 'nowhere', expected: 'Succeeded' }],
      });
      const result = await run(id);
      expect(result.events).toEqual([]);
      expect(result.outcomes).toEqual([]);
      expect(result.assertions).toEqual([]);
      expect(result.hash).toMatch(hex64);
      const codes = result.issues.map((i: any) => i.code);
      expect(codes).toEqual(expect.arrayContaining(['unknown-operation', 'duplicate-step-id', 'unknown-step']));
      for (const issue of result.issues) expect(Object.keys(issue).sort()).toEqual(['code', 'message', 'stepId']);
      expect(result.issues.find((i: any) => i.code === 'unknown-operation').stepId).toBe('place');

      // Stored things the reader lets through are run issues.
      const sparse = randomUUID();
      await create({ id: sparse, name: 'Sparse', steps: [{ type: 'write', by: ids.orders, store: ids.db }], faults: [{ target: ids.charge, kind: 'Sometimes', failFirst: 1 }] });
      const sparseResult = await run(sparse);
      expect(sparseResult.events).toEqual([]);
      expect(sparseResult.issues.map((i: any) => i.code)).toEqual(expect.arrayContaining(['missing-step-id', 'missing-dataset', 'invalid-fault', 'malformed-scenario']));

      // A payload over 64 KB is a run issue, not a save error.
      const big = randomUUID();
      await create({ id: big, name: 'Big payload', steps: [publish('p', ids.orders, ids.exchange, ids.placed, { payload: 'x'.repeat(70_000) })], faults: [], assertions: [] });
      expect((await run(big)).issues.map((i: any) => i.code)).toEqual(['payload-too-large']);
    });

    it('404 for a scenario of another project, of none, or an ID that is not a GUID', async () => {
      const elsewhere = await create(checkoutScenario(ids), crud);
      expectProblem(await m.api('POST', `${S()}/${elsewhere.id}/run`, admin()), 404);
      expectProblem(await m.api('POST', `${S()}/${randomUUID()}/run`, admin()), 404);
      expectProblem(await m.api('POST', `${S()}/nope/run`, admin()), 404);
      expectProblem(await m.api('GET', `${S()}/nope`, admin()), 404);
    });
  });

  describe('who may call', () => {
    let scenarioId: string;

    beforeAll(async () => {
      scenarioId = (await create(checkoutScenario(ids))).id;
    });

    it('a read agent token lists, reads and runs, but gets 403 on create, replace and delete', async () => {
      const token = { token: readToken };
      const list = await m.api('GET', S(), token);
      expect(list.status, list.text).toBe(200);
      expect(list.json.items.map((i: any) => i.id)).toContain(scenarioId);
      const read = await m.api('GET', `${S()}/${scenarioId}`, token);
      expect(read.status, read.text).toBe(200);
      expect(read.json.origin).toBeNull();
      const played = await m.api('POST', `${S()}/${scenarioId}/run`, token);
      expect(played.status, played.text).toBe(200);
      expect(played.json.hash).toBe((await run(scenarioId)).hash);

      expectProblem(await m.api('POST', S(), { ...token, json: checkoutScenario(ids) }), 403);
      expectProblem(await m.api('PUT', `${S()}/${scenarioId}`, { ...token, json: { ...checkoutScenario(ids, scenarioId), name: 'Token was here' } }), 403);
      expectProblem(await m.api('DELETE', `${S()}/${scenarioId}`, token), 403);
      // A push token cannot write scenarios either.
      const pushToken = await m.createToken(workspaceId, ['read', 'push']);
      expectProblem(await m.api('POST', S(), { token: pushToken, json: checkoutScenario(ids) }), 403);
      expect((await m.api('GET', `${S()}/${scenarioId}`, admin())).json.name).toBe('Checkout');
    });

    it('a token restricted to another project sees 404', async () => {
      const restricted = await m.createToken(workspaceId, ['read'], crud.id);
      expectProblem(await m.api('GET', S(), { token: restricted }), 404);
      expectProblem(await m.api('POST', `${S()}/${scenarioId}/run`, { token: restricted }), 404);
      expect((await m.api('GET', S(crud), { token: restricted })).status).toBe(200);
    });

    it('a viewer lists, reads and runs, but gets 403 on create, replace and delete', async () => {
      expect((await m.api('GET', S(), as(viewer))).status).toBe(200);
      expect((await m.api('GET', `${S()}/${scenarioId}`, as(viewer))).status).toBe(200);
      expect((await m.api('POST', `${S()}/${scenarioId}/run`, as(viewer))).status).toBe(200);
      expectProblem(await m.api('POST', S(), as(viewer, checkoutScenario(ids))), 403);
      expectProblem(await m.api('PUT', `${S()}/${scenarioId}`, as(viewer, checkoutScenario(ids, scenarioId))), 403);
      expectProblem(await m.api('DELETE', `${S()}/${scenarioId}`, as(viewer)), 403);
    });

    it('an editor may write', async () => {
      const editor = await m.newPerson('editor@scenarios.test', [{ workspaceId, role: 'editor' }]);
      const id = randomUUID();
      expect((await m.api('POST', S(), as(editor, checkoutScenario(ids, id)))).status).toBe(201);
      expect((await m.api('PUT', `${S()}/${id}`, as(editor, { ...checkoutScenario(ids, id), name: 'Edited' }))).status).toBe(200);
      expect((await m.api('DELETE', `${S()}/${id}`, as(editor))).status).toBe(204);
    });

    it('without sign-in every call answers 401', async () => {
      expectProblem(await m.api('GET', S()), 401);
      expectProblem(await m.api('GET', `${S()}/${scenarioId}`), 401);
      expectProblem(await m.api('POST', S(), { json: checkoutScenario(ids) }), 401);
      expectProblem(await m.api('PUT', `${S()}/${scenarioId}`, { json: checkoutScenario(ids, scenarioId) }), 401);
      expectProblem(await m.api('DELETE', `${S()}/${scenarioId}`), 401);
      expectProblem(await m.api('POST', `${S()}/${scenarioId}/run`), 401);
      expectProblem(await m.api('GET', S(), { session: 'not-a-session' }), 401);
      expectProblem(await m.api('POST', `${S()}/${scenarioId}/run`, { token: 'svc_not_a_token' }), 401);
    });

    it('a project of another workspace answers 404, for a person and for a token', async () => {
      const foreign = S(otherWorkspaceProject);
      for (const options of [as(viewer), { token: readToken }]) {
        expectProblem(await m.api('GET', foreign, options), 404);
        expectProblem(await m.api('GET', `${foreign}/${scenarioId}`, options), 404);
        expectProblem(await m.api('POST', `${foreign}/${scenarioId}/run`, options), 404);
      }
      expectProblem(await m.api('POST', foreign, as(viewer, checkoutScenario(ids))), 404);
      expectProblem(await m.api('GET', `/api/projects/${randomUUID()}/scenarios`, admin()), 404);
    });
  });
});
