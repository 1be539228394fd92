import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, type CallOptions, type HttpAnswer } from '../support/http-client';
import { startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * The model read and edit API over HTTP against the built server (DECISIONS.md
 * section 2): create, read, list, replace and delete for every kind, the model
 * rules as the edit endpoints enforce them, roles and tokens, branches,
 * revisions, views and fact decisions. The steps build on each other: the
 * model made by the first tests is the one the later ones read and change.
 */

type Kind = 'elements' | 'relationships' | 'messages' | 'schemas' | 'operations' | 'channels' | 'subscriptions' | 'bindings';
const kinds: Kind[] = ['elements', 'relationships', 'messages', 'schemas', 'operations', 'channels', 'subscriptions', 'bindings'];
const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe('model records over HTTP: create, read, list, replace, delete, rules, roles, branches, revisions, views, facts', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  let otherProject: Project;
  let viewer: Person;
  let outsider: Person;
  let readToken: string;
  /** main's version as the tests expect it; every successful write raises it by one. */
  let version = 0;
  /** IDs made by the tests, by name. */
  const id: Record<string, string> = {};
  /** Every record of each kind the tests created (and did not delete), by ID. */
  const records: Record<Kind, Map<string, any>> = Object.fromEntries(kinds.map((k) => [k, new Map()])) as never;

  const P = () => `/api/projects/${project.id}`;
  const as = (person: Person, json?: unknown): CallOptions => ({ session: person.session, ...(json === undefined ? {} : { json }) });
  const admin = (json?: unknown) => as(m.admin, json);

  /** Asserts a successful write: the status and the Model-Version header one above the last. */
  function expectWrite(answer: HttpAnswer, status: number): HttpAnswer {
    expect(answer.status, answer.text).toBe(status);
    expect(Number(answer.headers.get('model-version'))).toBe(version + 1);
    version += 1;
    return answer;
  }

  async function create(kind: Kind, body: Record<string, unknown>, label?: string): Promise<any> {
    const answer = expectWrite(await m.api('POST', `${P()}/${kind}`, admin(body)), 201);
    records[kind].set(answer.json.id, answer.json);
    if (label) id[label] = answer.json.id;
    return answer.json;
  }

  /** A refused edit: 400 validation_error naming `field`, and main untouched. */
  async function expectRefused(method: string, path: string, body: unknown, field: string, message?: RegExp): Promise<void> {
    const before = await m.modelVersion(project.id);
    const answer = await m.api(method, path, admin(body));
    const problem = expectProblem(answer, 400, 'validation_error');
    const named = problem.errors.find((e) => e.field === field);
    expect(named, `no error on ${field} in ${answer.text}`).toBeDefined();
    if (message) expect(named!.message).toMatch(message);
    expect(await m.modelVersion(project.id)).toBe(before);
  }

  async function listAll(kind: Kind, query = '', limit = 2, options: CallOptions = admin()): Promise<{ items: any[]; pages: number; totals: number[] }> {
    const items: any[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = query ? '&' : '?';
      const answer = await m.api('GET', `${P()}/${kind}${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, options);
      expect(answer.status, answer.text).toBe(200);
      expect(Object.keys(answer.json).sort()).toEqual(['items', 'nextCursor', 'total']);
      expect(answer.json.items.length).toBeLessThanOrEqual(limit);
      items.push(...answer.json.items);
      totals.push(answer.json.total);
      cursor = answer.json.nextCursor;
      pages++;
      expect(pages).toBeLessThan(100);
    } while (cursor !== null);
    return { items, pages, totals };
  }

  const sortedIds = (map: Map<string, unknown>) => [...map.keys()].sort();

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Design');
    project = await m.createProject(workspaceId, 'Shop');
    otherProject = await m.createProject(workspaceId, 'Other');
    viewer = await m.newPerson('viewer@model.test', [{ workspaceId, role: 'viewer' }]);
    outsider = await m.newPerson('outsider@model.test');
    await m.createWorkspace('Outsider space', outsider);
    readToken = await m.createToken(workspaceId, ['read']);
  });

  afterAll(async () => {
    await m?.stop();
  });

  describe('create (201) for every kind', () => {
    it('a new project starts at modelVersion 0 with empty lists', async () => {
      expect(await m.modelVersion(project.id)).toBe(0);
      for (const kind of kinds) {
        const answer = await m.api('GET', `${P()}/${kind}`, admin());
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({ items: [], total: 0, nextCursor: null });
      }
    });

    it('elements: the body echoes the normalised record, nullable fields null, tags empty, label declared; the ID is made when absent and lower-cased when given', async () => {
      const system = await create('elements', { kind: 'system', name: 'Shop', status: 'current' }, 'system');
      expect(system).toEqual({ id: expect.stringMatching(guid), kind: 'system', name: 'Shop', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null });

      const appId = randomUUID();
      const app = await create('elements', { id: appId.toUpperCase(), kind: 'app', name: 'Web Shop', status: 'planned', parentId: system.id.toUpperCase(), tags: ['edge', 'public'], technology: 'TypeScript' }, 'app');
      expect(app).toEqual({ id: appId, kind: 'app', name: 'Web Shop', description: null, technology: 'TypeScript', status: 'planned', parentId: system.id, tags: ['edge', 'public'], icon: null, factStatus: 'declared', provenance: null, stale: null });

      await create('elements', { kind: 'component', name: 'Checkout', status: 'current', parentId: app.id, description: 'Line one\nline two', tags: ['edge'] }, 'component');
      await create('elements', { kind: 'store', name: 'Orders DB', status: 'deprecated', parentId: system.id, icon: 'database', factStatus: '' }, 'store');
      const actor = await create('elements', {
        kind: 'actor',
        name: 'Customer',
        status: 'current',
        factStatus: 'observed-in-source',
        provenance: { source: 'git:README.md', revision: 'abc' },
        stale: { sinceRevision: 'def', reason: 'evidence-not-found' },
      }, 'actor');
      expect(actor).toMatchObject({
        factStatus: 'observed-in-source',
        provenance: { source: 'git:README.md', revision: 'abc', confidence: null, acceptedBy: null, acceptedAt: null },
        stale: { sinceRevision: 'def', reason: 'evidence-not-found' },
      });
      expect(records.elements.get(id.store!).factStatus).toBe('declared');
      // A replace keeps the stale mark, as an import does: only a scan that finds the evidence again clears it.
      const replaced = expectWrite(
        await m.api('PUT', `${P()}/elements/${actor.id}`, admin({ ...actor, name: 'Customer (renamed)', stale: null })),
        200,
      );
      expect(replaced.json).toMatchObject({ name: 'Customer (renamed)', stale: { sinceRevision: 'def', reason: 'evidence-not-found' } });
      records.elements.set(actor.id, replaced.json);
    });

    it('channels and schemas: normalised, a new schema has version 1', async () => {
      const exchange = await create('channels', { name: 'orders-exchange', kind: 'exchange' }, 'exchange');
      expect(exchange).toEqual({ id: expect.stringMatching(guid), name: 'orders-exchange', kind: 'exchange', factStatus: 'declared', provenance: null, stale: null });
      await create('channels', { name: 'orders-queue', kind: 'queue' }, 'queue');
      await create('channels', { name: 'orders-topic', kind: 'topic' }, 'topic');
      await create('channels', { name: 'orders-dlq', kind: 'queue' }, 'dlq');

      const schema = await create('schemas', { name: 'Order', content: '{"type":"object"}' }, 'schema');
      expect(schema).toEqual({ id: expect.stringMatching(guid), name: 'Order', description: null, content: '{"type":"object"}', version: 1 });
      const other = await create('schemas', { name: 'Receipt', description: 'paid', content: 'type Receipt {}', version: 42 }, 'schema2');
      expect(other.version).toBe(1);
      await create('schemas', { name: 'Unused', content: 'x' }, 'schema3');
      // "A schema ID must not be the ID of the model stream of the project".
      await expectRefused('POST', `${P()}/schemas`, { id: project.id, name: 'Stream', content: 'x' }, 'id');
    });

    it('relationships, messages, operations: defaults applied (structural, empty consumers, no timeout, no retry)', async () => {
      const rel = await create('relationships', { fromId: id.actor, toId: id.app }, 'rel');
      expect(rel).toEqual({ id: expect.stringMatching(guid), fromId: id.actor, toId: id.app, label: null, technology: null, kind: 'structural', lineShape: null, factStatus: 'declared', provenance: null, stale: null });
      await create('relationships', { fromId: id.app, toId: id.store, label: 'reads', kind: 'behavioural', lineShape: 'curved' }, 'rel2');
      await create('relationships', { fromId: id.component, toId: id.store, label: 'writes' }, 'rel3');

      const message = await create('messages', { name: 'OrderPlaced', producerId: id.app }, 'message');
      expect(message).toEqual({ id: expect.stringMatching(guid), name: 'OrderPlaced', description: null, producerId: id.app, consumerIds: [], schemaId: null, tags: [], factStatus: 'declared', provenance: null, stale: null });
      await create('messages', { name: 'OrderPaid', producerId: id.app, consumerIds: [id.component, id.store], schemaId: id.schema, tags: ['event'] }, 'message2');
      await create('messages', { name: 'Ping', producerId: id.actor }, 'message3');

      const operation = await create('operations', { ownerId: id.app, name: 'PlaceOrder', transport: 'http' }, 'operation');
      expect(operation).toEqual({ id: expect.stringMatching(guid), ownerId: id.app, name: 'PlaceOrder', transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null, factStatus: 'declared', provenance: null, stale: null });
      const bounded = await create('operations', { ownerId: id.app, name: 'GetOrder', transport: 'grpc', requestSchemaId: id.schema, responseSchemaId: id.schema2, timeoutMs: 3_600_000, retry: { maxAttempts: 10, backoffMs: 3_600_000 } }, 'operation2');
      expect(bounded).toMatchObject({ timeoutMs: 3_600_000, retry: { maxAttempts: 10, backoffMs: 3_600_000 }, requestSchemaId: id.schema, responseSchemaId: id.schema2 });
      const zero = await create('operations', { ownerId: id.component, name: 'Rebuild', transport: 'command', timeoutMs: 0, retry: { maxAttempts: 1, backoffMs: 0 } }, 'operation3');
      expect(zero).toMatchObject({ timeoutMs: 0, retry: { maxAttempts: 1, backoffMs: 0 } });
    });

    it('subscriptions and bindings: normalised, dead-letter channel and routing key optional', async () => {
      const sub = await create('subscriptions', { channelId: id.queue, consumerId: id.component }, 'subscription');
      expect(sub).toEqual({ id: expect.stringMatching(guid), channelId: id.queue, consumerId: id.component, retry: null, deadLetterChannelId: null, factStatus: 'declared', provenance: null, stale: null });
      await create('subscriptions', { channelId: id.queue, consumerId: id.app, retry: { maxAttempts: 3, backoffMs: 100 }, deadLetterChannelId: id.dlq }, 'subscription2');
      await create('subscriptions', { channelId: id.topic, consumerId: id.store }, 'subscription3');

      const binding = await create('bindings', { sourceChannelId: id.exchange, targetChannelId: id.queue }, 'binding');
      expect(binding).toEqual({ id: expect.stringMatching(guid), sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: null, factStatus: 'declared', provenance: null, stale: null });
      await create('bindings', { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'orders.placed' }, 'binding2');
      await create('bindings', { sourceChannelId: id.topic, targetChannelId: id.exchange, routingKey: 'orders.*' }, 'binding3');
    });

    it('the project modelVersion is the number of writes, and a created ID in use answers 409', async () => {
      expect(await m.modelVersion(project.id)).toBe(version);
      const taken = await m.api('POST', `${P()}/channels`, admin({ id: id.app, name: 'clash', kind: 'queue' }));
      expectProblem(taken, 409, 'conflict');
      expect(await m.modelVersion(project.id)).toBe(version);
    });
  });

  describe('read and list', () => {
    it('GET /{kind}/{id} answers each record as created, with the Model-Version header', async () => {
      for (const kind of kinds) {
        for (const [recordId, record] of records[kind]) {
          const answer = await m.api('GET', `${P()}/${kind}/${recordId}`, admin());
          expect(answer.status).toBe(200);
          expect(answer.json).toEqual(record);
          expect(Number(answer.headers.get('model-version'))).toBe(version);
        }
      }
      expectProblem(await m.api('GET', `${P()}/channels/${randomUUID()}`, admin()), 404);
      // An ID of another kind is not found in this collection.
      expectProblem(await m.api('GET', `${P()}/channels/${id.app}`, admin()), 404);
      // A path segment that is no GUID names nothing.
      expectProblem(await m.api('GET', `${P()}/channels/not-a-guid`, admin()), 404);
    });

    it('lists every kind in ID order, paging with the cursor to the end; total counts every match on every page', async () => {
      for (const kind of kinds) {
        const { items, pages, totals } = await listAll(kind);
        expect(items.map((r) => r.id)).toEqual(sortedIds(records[kind]));
        expect(items).toEqual(sortedIds(records[kind]).map((k) => records[kind].get(k)));
        expect(pages).toBe(Math.ceil(records[kind].size / 2));
        expect(totals.every((t) => t === records[kind].size)).toBe(true);
      }
      const one = await m.api('GET', `${P()}/elements?limit=200`, admin());
      expect(one.json.nextCursor).toBeNull();
      expect(one.json.items).toHaveLength(records.elements.size);
    });

    it('a tampered cursor, or one of another list, answers 400 validation_error on field cursor', async () => {
      const first = await m.api('GET', `${P()}/elements?limit=2`, admin());
      const cursor: string = first.json.nextCursor;
      expect(cursor).toEqual(expect.any(String));
      // Change the signed part (the position), keeping the signature.
      const [body, signature] = cursor.split('.') as [string, string];
      const position = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      const tampered = `${Buffer.from(JSON.stringify({ ...position, p: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${signature}`;
      const bad = expectProblem(await m.api('GET', `${P()}/elements?limit=2&cursor=${encodeURIComponent(tampered)}`, admin()), 400, 'validation_error');
      expect(bad.errors.map((e) => e.field)).toEqual(['cursor']);
      const garbage = expectProblem(await m.api('GET', `${P()}/elements?cursor=not-a-cursor`, admin()), 400, 'validation_error');
      expect(garbage.errors.map((e) => e.field)).toEqual(['cursor']);
      // A cursor of the element list is not one of the channel list.
      const foreign = expectProblem(await m.api('GET', `${P()}/channels?cursor=${encodeURIComponent(cursor)}`, admin()), 400, 'validation_error');
      expect(foreign.errors.map((e) => e.field)).toEqual(['cursor']);
      // Nor of the same list with other filters.
      const filtered = expectProblem(await m.api('GET', `${P()}/elements?kind=app&cursor=${encodeURIComponent(cursor)}`, admin()), 400, 'validation_error');
      expect(filtered.errors.map((e) => e.field)).toEqual(['cursor']);
    });

    it('filters elements by name (substring, any case), kind, tag and status, also together and across pages', async () => {
      const ids = async (query: string) => (await listAll('elements', query, 1)).items.map((r) => r.id).sort();
      expect(await ids('?name=SHOP')).toEqual([id.system, id.app].sort());
      expect(await ids('?name=eck')).toEqual([id.component]);
      // LIKE wildcards are plain characters.
      expect(await ids('?name=%25')).toEqual([]);
      expect(await ids('?name=_')).toEqual([]);
      expect(await ids('?kind=app')).toEqual([id.app]);
      expect(await ids('?kind=store')).toEqual([id.store]);
      expect(await ids('?tag=edge')).toEqual([id.app, id.component].sort());
      expect(await ids('?tag=Edge')).toEqual([]);
      expect(await ids('?status=current')).toEqual([id.system, id.component, id.actor].sort());
      expect(await ids('?status=planned&tag=edge')).toEqual([id.app]);
      expect(await ids('?name=shop&kind=system')).toEqual([id.system]);
      const totals = (await listAll('elements', '?tag=edge', 1)).totals;
      expect(totals).toEqual([2, 2]);
      // Any case in any script, not only ASCII.
      const unicode = await create('elements', { kind: 'actor', name: 'Überweisung ΣΟΦΊΑ Ärger', status: 'removed' }, 'unicode');
      expect(await ids(`?name=${encodeURIComponent('überweisung')}`)).toEqual([unicode.id]);
      expect(await ids(`?name=${encodeURIComponent('σοφία')}`)).toEqual([unicode.id]);
      expect(await ids(`?name=${encodeURIComponent('ÄRGER')}&status=removed`)).toEqual([unicode.id]);
      expect(await ids(`?name=${encodeURIComponent('ärger')}&status=current`)).toEqual([]);
      expectProblem(await m.api('GET', `${P()}/elements?kind=robot`, admin()), 400, 'validation_error');
      expectProblem(await m.api('GET', `${P()}/elements?status=active`, admin()), 400, 'validation_error');
      expectProblem(await m.api('GET', `${P()}/channels?kind=queue`, admin()), 400, 'validation_error');
      expectProblem(await m.api('GET', `${P()}/elements?limit=0`, admin()), 400, 'validation_error');
      expectProblem(await m.api('GET', `${P()}/elements?limit=201`, admin()), 400, 'validation_error');
    });

    it('refersTo keeps the records of a kind that name an ID in any reference field, paged like any list', async () => {
      const ids = async (kind: Kind, refersTo: string) => (await listAll(kind, `?refersTo=${refersTo}`, 1)).items.map((r) => r.id).sort();
      const naming = (kind: Kind, target: string) =>
        [...records[kind].values()].filter((r) => Object.entries(r).some(([key, v]) => key !== 'id' && (v === target || (Array.isArray(v) && v.includes(target))))).map((r) => r.id).sort();
      // An element's children, its relationships both ways, messages produced and consumed, operations, subscriptions.
      for (const target of [id.system, id.app, id.component, id.store]) {
        for (const kind of ['elements', 'relationships', 'messages', 'operations', 'subscriptions'] as const) {
          expect(await ids(kind, target!), `${kind} naming ${target}`).toEqual(naming(kind, target!));
        }
      }
      expect(await ids('relationships', id.store!)).toEqual([id.rel2, id.rel3].sort());
      expect(await ids('messages', id.component!)).toEqual([id.message2]);
      // A channel's subscriptions (as channel or dead-letter channel) and bindings (either end); a schema's users.
      expect(await ids('subscriptions', id.dlq!)).toEqual([id.subscription2]);
      expect(await ids('bindings', id.queue!)).toEqual(naming('bindings', id.queue!));
      expect(await ids('operations', id.schema2!)).toEqual([id.operation2]);
      expect(await ids('messages', id.schema!)).toEqual([id.message2]);
      // Kinds that refer to nothing match nothing; the ID is read in any case.
      expect(await ids('channels', id.app!)).toEqual([]);
      expect(await ids('elements', id.system!.toUpperCase())).toEqual(naming('elements', id.system!));
      expect((await m.api('GET', `${P()}/relationships?refersTo=${id.store}&limit=1`, admin())).json.total).toBe(2);
      expectProblem(await m.api('GET', `${P()}/elements?refersTo=nope`, admin()), 400, 'validation_error');
      // A cursor of the unfiltered list is not one of the filtered list.
      const first = await m.api('GET', `${P()}/relationships?limit=1`, admin());
      const foreign = expectProblem(await m.api('GET', `${P()}/relationships?refersTo=${id.store}&cursor=${encodeURIComponent(first.json.nextCursor)}`, admin()), 400, 'validation_error');
      expect(foreign.errors.map((e) => e.field)).toEqual(['cursor']);
    });
  });

  describe('replace (PUT)', () => {
    it('replaces a record: 200 with the new record, version + 1, and a nullable field left out is cleared', async () => {
      const before = records.elements.get(id.app!);
      const answer = expectWrite(await m.api('PUT', `${P()}/elements/${id.app}`, admin({ kind: 'app', name: 'Web Shop', status: 'current', parentId: id.system, tags: ['edge'], icon: 'globe' })), 200);
      expect(answer.json).toEqual({ ...before, status: 'current', technology: null, tags: ['edge'], icon: 'globe' });
      records.elements.set(id.app!, answer.json);
      const read = await m.api('GET', `${P()}/elements/${id.app}`, admin());
      expect(read.json).toEqual(answer.json);
    });

    it('a replace that changes nothing commits nothing (version stays)', async () => {
      const same = records.elements.get(id.app!);
      const answer = await m.api('PUT', `${P()}/elements/${id.app}`, admin(same));
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(same);
      expect(Number(answer.headers.get('model-version'))).toBe(version);
      expect(await m.modelVersion(project.id)).toBe(version);
    });

    it('replaces a record of every other kind', async () => {
      const changes: Record<Exclude<Kind, 'elements'>, [string, Record<string, unknown>]> = {
        relationships: [id.rel!, { fromId: id.actor, toId: id.app, label: 'uses', technology: 'HTTPS', kind: 'behavioural', lineShape: 'straight' }],
        messages: [id.message!, { name: 'OrderPlaced', producerId: id.app, consumerIds: [id.component], schemaId: id.schema2, tags: ['v2'] }],
        schemas: [id.schema3!, { name: 'Unused', description: 'renamed', content: 'x' }],
        operations: [id.operation!, { ownerId: id.component, name: 'PlaceOrder', transport: 'grpc', timeoutMs: 5000, retry: { maxAttempts: 2, backoffMs: 10 } }],
        channels: [id.dlq!, { name: 'orders-dead-letters', kind: 'queue', factStatus: 'measured', provenance: { source: 'broker:stats' } }],
        subscriptions: [id.subscription!, { channelId: id.queue, consumerId: id.component, deadLetterChannelId: id.dlq, retry: { maxAttempts: 5, backoffMs: 1000 } }],
        bindings: [id.binding!, { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'orders.any' }],
      };
      for (const [kind, [recordId, body]] of Object.entries(changes) as [Exclude<Kind, 'elements'>, [string, Record<string, unknown>]][]) {
        const answer = expectWrite(await m.api('PUT', `${P()}/${kind}/${recordId}`, admin(body)), 200);
        expect(answer.json).toMatchObject({ id: recordId, ...Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'provenance')) });
        records[kind].set(recordId, answer.json);
        expect((await m.api('GET', `${P()}/${kind}/${recordId}`, admin())).json).toEqual(answer.json);
      }
      expect(records.channels.get(id.dlq!).provenance).toEqual({ source: 'broker:stats', revision: null, confidence: null, acceptedBy: null, acceptedAt: null });
    });

    it('a schema keeps its version when its content stays and counts up when it changes', async () => {
      expect(records.schemas.get(id.schema3!).version).toBe(1);
      const changed = expectWrite(await m.api('PUT', `${P()}/schemas/${id.schema3}`, admin({ name: 'Unused', description: 'renamed', content: 'y' })), 200);
      expect(changed.json.version).toBe(2);
      const renamed = expectWrite(await m.api('PUT', `${P()}/schemas/${id.schema3}`, admin({ name: 'Still unused', content: 'y', version: 99 })), 200);
      expect(renamed.json.version).toBe(2);
      records.schemas.set(id.schema3!, renamed.json);
    });

    it('the kind of an element cannot change (400), nor the ends of a relationship (400)', async () => {
      await expectRefused('PUT', `${P()}/elements/${id.app}`, { kind: 'store', name: 'Web Shop', status: 'current', parentId: id.system }, 'kind');
      await expectRefused('PUT', `${P()}/relationships/${id.rel}`, { fromId: id.app, toId: id.app }, 'fromId');
      await expectRefused('PUT', `${P()}/relationships/${id.rel}`, { fromId: id.actor, toId: id.store }, 'toId');
      expect((await m.api('GET', `${P()}/elements/${id.app}`, admin())).json.kind).toBe('app');
    });

    it('a body ID other than the path ID answers 400 on field id; an unknown ID answers 404', async () => {
      await expectRefused('PUT', `${P()}/channels/${id.queue}`, { id: id.topic, name: 'orders-queue', kind: 'queue' }, 'id');
      await expectRefused('PUT', `${P()}/channels/${id.queue}`, { id: randomUUID(), name: 'orders-queue', kind: 'queue' }, 'id');
      // The same ID in another case is the same ID.
      const upper = await m.api('PUT', `${P()}/channels/${id.queue}`, admin({ id: id.queue!.toUpperCase(), name: 'orders-queue', kind: 'queue' }));
      expect(upper.status).toBe(200);
      expectProblem(await m.api('PUT', `${P()}/channels/${randomUUID()}`, admin({ name: 'ghost', kind: 'queue' })), 404);
    });
  });

  describe('model rules through the edit endpoints (400 validation_error naming the field; nothing written)', () => {
    it('parent by kind', async () => {
      const elements = `${P()}/elements`;
      await expectRefused('POST', elements, { kind: 'app', name: 'x', status: 'current', parentId: id.actor }, 'parentId', /system/);
      await expectRefused('POST', elements, { kind: 'app', name: 'x', status: 'current' }, 'parentId', /system/);
      await expectRefused('POST', elements, { kind: 'store', name: 'x', status: 'current', parentId: id.app }, 'parentId', /system/);
      await expectRefused('POST', elements, { kind: 'component', name: 'x', status: 'current', parentId: id.system }, 'parentId', /app/);
      await expectRefused('POST', elements, { kind: 'system', name: 'x', status: 'current', parentId: id.system }, 'parentId');
      await expectRefused('POST', elements, { kind: 'actor', name: 'x', status: 'current', parentId: id.app }, 'parentId');
      await expectRefused('POST', elements, { kind: 'component', name: 'x', status: 'current', parentId: randomUUID() }, 'parentId');
      // A parent cannot be re-pointed to a wrong kind either.
      await expectRefused('PUT', `${P()}/elements/${id.component}`, { kind: 'component', name: 'Checkout', status: 'current', parentId: id.store }, 'parentId');
    });

    it('references name records of their kind in the model', async () => {
      await expectRefused('POST', `${P()}/relationships`, { fromId: id.actor, toId: randomUUID() }, 'toId');
      await expectRefused('POST', `${P()}/relationships`, { fromId: id.queue, toId: id.app }, 'fromId');
      await expectRefused('POST', `${P()}/messages`, { name: 'm', producerId: id.app, consumerIds: [id.store, randomUUID()] }, 'consumerIds');
      await expectRefused('POST', `${P()}/messages`, { name: 'm', producerId: id.app, schemaId: randomUUID() }, 'schemaId');
      await expectRefused('POST', `${P()}/messages`, { name: 'm', producerId: id.app, schemaId: id.app }, 'schemaId');
      await expectRefused('POST', `${P()}/operations`, { name: 'o', ownerId: randomUUID(), transport: 'http' }, 'ownerId');
      await expectRefused('POST', `${P()}/operations`, { name: 'o', ownerId: id.app, transport: 'http', responseSchemaId: randomUUID() }, 'responseSchemaId');
      await expectRefused('POST', `${P()}/subscriptions`, { channelId: id.app, consumerId: id.app }, 'channelId');
      await expectRefused('POST', `${P()}/subscriptions`, { channelId: id.queue, consumerId: id.queue }, 'consumerId');
      await expectRefused('POST', `${P()}/bindings`, { sourceChannelId: randomUUID(), targetChannelId: id.queue }, 'sourceChannelId');
    });

    it('provenance by label', async () => {
      const channels = `${P()}/channels`;
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'observed-in-source' }, 'provenance.source');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'observed-in-source', provenance: { revision: 'abc' } }, 'provenance.source');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'measured', provenance: null }, 'provenance.source');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'inferred', provenance: { source: 'ai:x' } }, 'provenance.confidence');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'inferred', provenance: { source: 'ai:x', confidence: 1.5 } }, 'provenance.confidence');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'observed-in-source', provenance: { source: '   ' } }, 'provenance.source');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'observed-in-source', provenance: { source: 'x'.repeat(2001) } }, 'provenance.source');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', factStatus: 'believed' }, 'factStatus');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', stale: { reason: 'gone' } }, 'stale.sinceRevision');
      await expectRefused('POST', channels, { name: 'c', kind: 'queue', stale: { sinceRevision: 'abc', reason: 'r'.repeat(101) } }, 'stale.reason');
      // Declared and unknown need none; the longest source is taken.
      await create('channels', { name: 'unknown-queue', kind: 'queue', factStatus: 'unknown' }, 'unknownQueue');
      const long = await create('channels', { name: 'long-source', kind: 'queue', factStatus: 'observed-in-source', provenance: { source: 's'.repeat(2000) } }, 'longSource');
      expect(long.provenance.source).toHaveLength(2000);
    });

    it('binding channel kinds, distinct ends and the uniqueness of (source, target, routing key)', async () => {
      const bindings = `${P()}/bindings`;
      await expectRefused('POST', bindings, { sourceChannelId: id.queue, targetChannelId: id.dlq }, 'sourceChannelId', /exchange or topic/);
      await expectRefused('POST', bindings, { sourceChannelId: id.exchange, targetChannelId: id.topic }, 'targetChannelId', /queue or exchange/);
      await expectRefused('POST', bindings, { sourceChannelId: id.exchange, targetChannelId: id.exchange }, 'targetChannelId');
      // binding2 is (exchange, queue, "orders.placed"); binding3 is (topic, exchange, "orders.*").
      await expectRefused('POST', bindings, { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'orders.placed' }, 'routingKey', new RegExp(id.binding2!));
      await expectRefused('PUT', `${bindings}/${id.binding}`, { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'orders.placed' }, 'routingKey');
      await expectRefused('POST', bindings, { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: '  ' }, 'routingKey');
      await expectRefused('POST', bindings, { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'k'.repeat(201) }, 'routingKey');
      // A routing key differing only in case is another key.
      await create('bindings', { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'ORDERS.PLACED' }, 'binding4');
      // A channel used as a binding source cannot become a queue.
      await expectRefused('PUT', `${P()}/channels/${id.exchange}`, { name: 'orders-exchange', kind: 'queue' }, 'kind');
    });

    it('dead-letter channel, retry ranges and timeout range', async () => {
      const subscriptions = `${P()}/subscriptions`;
      await expectRefused('POST', subscriptions, { channelId: id.queue, consumerId: id.app, deadLetterChannelId: id.queue }, 'deadLetterChannelId');
      await expectRefused('POST', subscriptions, { channelId: id.queue, consumerId: id.app, deadLetterChannelId: randomUUID() }, 'deadLetterChannelId');
      for (const [retry, field] of [
        [{ maxAttempts: 0, backoffMs: 0 }, 'retry.maxAttempts'],
        [{ maxAttempts: 11, backoffMs: 0 }, 'retry.maxAttempts'],
        [{ maxAttempts: 2.5, backoffMs: 0 }, 'retry.maxAttempts'],
        [{ backoffMs: 0 }, 'retry.maxAttempts'],
        [{ maxAttempts: 2, backoffMs: -1 }, 'retry.backoffMs'],
        [{ maxAttempts: 2, backoffMs: 3_600_001 }, 'retry.backoffMs'],
        [{ maxAttempts: 2, backoffMs: '10' }, 'retry.backoffMs'],
      ] as const) {
        await expectRefused('POST', subscriptions, { channelId: id.queue, consumerId: id.app, retry }, field);
        await expectRefused('POST', `${P()}/operations`, { ownerId: id.app, name: 'o', transport: 'http', retry }, field);
      }
      for (const timeoutMs of [-1, 3_600_001, 2.5, '100', true]) {
        await expectRefused('POST', `${P()}/operations`, { ownerId: id.app, name: 'o', transport: 'http', timeoutMs }, 'timeoutMs');
      }
      await expectRefused('POST', `${P()}/operations`, { ownerId: id.app, name: 'o', transport: 'soap' }, 'transport');
    });

    it('unknown fields answer 400 naming each field, nested ones with their path', async () => {
      const before = await m.modelVersion(project.id);
      const answer = await m.api('POST', `${P()}/elements`, admin({ kind: 'actor', name: 'x', status: 'current', colour: 'red', provenance: { source: 's', note: 1 } }));
      const problem = expectProblem(answer, 400, 'validation_error');
      expect(problem.errors.map((e) => e.field).sort()).toEqual(['colour', 'provenance.note']);
      await expectRefused('PUT', `${P()}/operations/${id.operation}`, { ownerId: id.component, name: 'PlaceOrder', transport: 'grpc', retry: { maxAttempts: 2, backoffMs: 10, jitter: true } }, 'retry.jitter');
      await expectRefused('POST', `${P()}/schemas`, { name: 's', content: 'c', factStatus: 'declared' }, 'factStatus');
      expect(await m.modelVersion(project.id)).toBe(before);
    });

    it('control characters in names, IDs and routing keys answer 400, U+0000 anywhere; line breaks and tabs in descriptions, tags and technology are fine', async () => {
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: 'bell\u0007', status: 'current' }, 'name', /control/);
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: 'two\nlines', status: 'current' }, 'name');
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: 'c1\u0085', status: 'current' }, 'name');
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: 'ok', status: 'current', tags: ['a\u0000b'] }, 'tags[0]');
      await expectRefused('POST', `${P()}/channels`, { name: 'q\u0000', kind: 'queue' }, 'name');
      await expectRefused('POST', `${P()}/bindings`, { sourceChannelId: id.exchange, targetChannelId: id.queue, routingKey: 'a\u001bb' }, 'routingKey');
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: '   ', status: 'current' }, 'name');
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', status: 'current' }, 'name');
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: 'x', status: 'current', id: 'not-a-guid' }, 'id');
      await expectRefused('POST', `${P()}/elements`, { kind: 'actor', name: 'x', status: 'current', id: 'a\u0000' }, 'id');
      // Part 1 refuses control characters in names, IDs, routing keys and headers only: tags and technology may hold them.
      await create('elements', { kind: 'actor', name: 'Ops — 運用', description: 'on call\n\tweekly', technology: 'pager\tduty', tags: ['on\tcall'], status: 'current' }, 'ops');
    });

    it('a body that is not an object answers 400', async () => {
      for (const body of [[], 'text', 42, null]) {
        const answer = await m.api('POST', `${P()}/channels`, { session: m.admin.session, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        expectProblem(answer, 400);
      }
      const broken = await m.api('POST', `${P()}/channels`, { session: m.admin.session, body: '{"name":', headers: { 'content-type': 'application/json' } });
      expectProblem(broken, 400);
      expect(await m.modelVersion(project.id)).toBe(version);
    });
  });

  describe('delete', () => {
    it('a delete that would leave a dangling reference answers 409 naming every referrer as <kind>:<id>; nothing changes', async () => {
      const system = expectProblem(await m.api('DELETE', `${P()}/elements/${id.system}`, admin()), 409, 'conflict');
      expect(system.errors.map((e) => e.field).sort()).toEqual([`element:${id.app}`, `element:${id.store}`].sort());
      expect(system.errors.every((e) => /parentId/.test(e.message))).toBe(true);

      const queue = expectProblem(await m.api('DELETE', `${P()}/channels/${id.queue}`, admin()), 409, 'conflict');
      const queueReferrers = new Set([id.subscription, id.subscription2].map((s) => `subscription:${s}`).concat([id.binding, id.binding2, id.binding4].map((b) => `binding:${b}`)));
      expect(new Set(queue.errors.map((e) => e.field))).toEqual(queueReferrers);

      const schema = expectProblem(await m.api('DELETE', `${P()}/schemas/${id.schema2}`, admin()), 409, 'conflict');
      expect(new Set(schema.errors.map((e) => e.field))).toEqual(new Set([`message:${id.message}`, `operation:${id.operation2}`]));

      const store = expectProblem(await m.api('DELETE', `${P()}/elements/${id.store}`, admin()), 409, 'conflict');
      expect(new Set(store.errors.map((e) => e.field))).toEqual(new Set([`relationship:${id.rel2}`, `relationship:${id.rel3}`, `message:${id.message2}`, `subscription:${id.subscription3}`]));

      expect(await m.modelVersion(project.id)).toBe(version);
      for (const [kind, key] of [['elements', 'system'], ['channels', 'queue'], ['schemas', 'schema2'], ['elements', 'store']] as const) {
        expect((await m.api('GET', `${P()}/${kind}/${id[key]}`, admin())).json).toEqual(records[kind].get(id[key]!));
      }
    });

    it('deletes (204, empty body, version + 1); the record is gone from read and list; an unknown ID answers 404', async () => {
      for (const [kind, key] of [['bindings', 'binding4'], ['subscriptions', 'subscription3'], ['schemas', 'schema3'], ['channels', 'unknownQueue']] as const) {
        const answer = expectWrite(await m.api('DELETE', `${P()}/${kind}/${id[key]}`, admin()), 204);
        expect(answer.text).toBe('');
        records[kind].delete(id[key]!);
        expectProblem(await m.api('GET', `${P()}/${kind}/${id[key]}`, admin()), 404);
        expectProblem(await m.api('DELETE', `${P()}/${kind}/${id[key]}`, admin()), 404);
        expect((await listAll(kind)).items.map((r) => r.id)).toEqual(sortedIds(records[kind]));
      }
      // Once its referrers are gone, a record can go.
      expectProblem(await m.api('DELETE', `${P()}/elements/${id.store}`, admin()), 409, 'conflict');
      expect(await m.modelVersion(project.id)).toBe(version);
    });
  });

  describe('roles and tokens', () => {
    it('a viewer can read but gets 403 on every write', async () => {
      expect((await m.api('GET', `${P()}/elements`, as(viewer))).status).toBe(200);
      expect((await m.api('GET', `${P()}/elements/${id.app}`, as(viewer))).json).toEqual(records.elements.get(id.app!));
      expect((await m.api('GET', `${P()}/export`, as(viewer))).status).toBe(200);
      expectProblem(await m.api('POST', `${P()}/channels`, as(viewer, { name: 'v', kind: 'queue' })), 403);
      expectProblem(await m.api('PUT', `${P()}/channels/${id.queue}`, as(viewer, { name: 'v', kind: 'queue' })), 403);
      expectProblem(await m.api('DELETE', `${P()}/bindings/${id.binding3}`, as(viewer)), 403);
      expect(await m.modelVersion(project.id)).toBe(version);
    });

    it('a read agent token can list and read, and gets 403 on writes', async () => {
      const list = await m.api('GET', `${P()}/elements`, { token: readToken });
      expect(list.status).toBe(200);
      expect(list.json.total).toBe(records.elements.size);
      expect((await m.api('GET', `${P()}/channels/${id.queue}`, { token: readToken })).status).toBe(200);
      expectProblem(await m.api('POST', `${P()}/channels`, { token: readToken, json: { name: 't', kind: 'queue' } }), 403);
      expectProblem(await m.api('PUT', `${P()}/channels/${id.queue}`, { token: readToken, json: { name: 't', kind: 'queue' } }), 403);
      expectProblem(await m.api('DELETE', `${P()}/bindings/${id.binding3}`, { token: readToken }), 403);
      expect(await m.modelVersion(project.id)).toBe(version);
    });

    it("another workspace's person gets 404 on read and write; no sign-in gets 401", async () => {
      expectProblem(await m.api('GET', `${P()}/elements`, as(outsider)), 404);
      expectProblem(await m.api('GET', `${P()}/elements/${id.app}`, as(outsider)), 404);
      expectProblem(await m.api('POST', `${P()}/channels`, as(outsider, { name: 'o', kind: 'queue' })), 404);
      expectProblem(await m.api('DELETE', `${P()}/bindings/${id.binding3}`, as(outsider)), 404);
      expectProblem(await m.api('GET', `${P()}/elements`), 401);
      expectProblem(await m.api('POST', `${P()}/channels`, { json: { name: 'o', kind: 'queue' } }), 401);
      expect(await m.modelVersion(project.id)).toBe(version);
    });
  });

  describe('branches and revisions', () => {
    let branch: any;

    it('a draft is a copy of main: editing it with ?branchId= changes the branch, not main', async () => {
      const created = await m.api('POST', `${P()}/branches`, admin({ name: 'Try things', kind: 'draft' }));
      expect(created.status, created.text).toBe(201);
      expect(created.json).toEqual({ id: expect.stringMatching(guid), name: 'Try things', kind: 'draft', baseVersion: version, modelVersion: 0, createdAt: expect.stringMatching(iso), baseKept: true, merged: null });
      branch = created.json;
      expect((await m.api('GET', `${P()}/branches`, admin())).json.items).toEqual([branch]);

      const mainApp = records.elements.get(id.app!);
      const edited = await m.api('PUT', `${P()}/elements/${id.app}?branchId=${branch.id}`, admin({ ...mainApp, name: 'Web Shop (draft)' }));
      expect(edited.status, edited.text).toBe(200);
      expect(edited.json.name).toBe('Web Shop (draft)');
      expect(Number(edited.headers.get('model-version'))).toBe(1);

      const added = await m.api('POST', `${P()}/channels?branchId=${branch.id}`, admin({ name: 'draft-only', kind: 'topic' }));
      expect(added.status).toBe(201);
      expect(Number(added.headers.get('model-version'))).toBe(2);

      expect((await m.api('GET', `${P()}/elements/${id.app}`, admin())).json).toEqual(mainApp);
      expect((await m.api('GET', `${P()}/elements/${id.app}?branchId=${branch.id}`, admin())).json.name).toBe('Web Shop (draft)');
      expectProblem(await m.api('GET', `${P()}/channels/${added.json.id}`, admin()), 404);
      expect((await m.api('GET', `${P()}/channels/${added.json.id}?branchId=${branch.id}`, admin())).status).toBe(200);
      const branchList = await m.api('GET', `${P()}/channels?branchId=${branch.id}&limit=200`, admin());
      expect(branchList.json.total).toBe(records.channels.size + 1);
      expect(await m.modelVersion(project.id)).toBe(version);
      expect(JSON.parse((await m.exportModel(project.id)).text).channels.map((c: any) => c.id)).not.toContain(added.json.id);

      // The branch follows the same rules, the project's model stream (its ID) included.
      const refused = await m.api('POST', `${P()}/elements?branchId=${branch.id}`, admin({ kind: 'app', name: 'orphan', status: 'current' }));
      expectProblem(refused, 400, 'validation_error');
      const streamId = expectProblem(await m.api('POST', `${P()}/schemas?branchId=${branch.id}`, admin({ id: project.id, name: 'Stream', content: 'x' })), 400, 'validation_error');
      expect(streamId.errors.map((e) => e.field)).toEqual(['id']);
      expectProblem(await m.api('GET', `${P()}/schemas/${project.id}?branchId=${branch.id}`, admin()), 404);
    });

    it('GET /branches/{id} reads one branch as the list shows it, its version moved by its edits; another project\'s, main, a revision or no branch is 404', async () => {
      const read = await m.api('GET', `${P()}/branches/${branch.id}`, as(viewer));
      expect(read.status, read.text).toBe(200);
      expect(read.json).toEqual({ ...branch, modelVersion: 2 });
      expect((await m.api('GET', `${P()}/branches`, as(viewer))).json.items).toEqual([read.json]);
      const foreign = await m.api('POST', `/api/projects/${otherProject.id}/branches`, admin({ name: 'theirs', kind: 'variant' }));
      expect(foreign.status).toBe(201);
      for (const other of [foreign.json.id, project.id, randomUUID(), 'not-a-guid']) expectProblem(await m.api('GET', `${P()}/branches/${other}`, admin()), 404);
      expectProblem(await m.api('GET', `${P()}/branches/${branch.id}`, as(outsider)), 404);
      expectProblem(await m.api('GET', `/api/projects/${otherProject.id}/branches/${branch.id}`, admin()), 404);
    });

    it('a branchId of another project, of nothing, or not a GUID is refused (404 / 400)', async () => {
      const foreign = await m.api('POST', `/api/projects/${otherProject.id}/branches`, admin({ name: 'elsewhere', kind: 'variant' }));
      expect(foreign.status).toBe(201);
      expectProblem(await m.api('GET', `${P()}/elements?branchId=${foreign.json.id}`, admin()), 404);
      expectProblem(await m.api('PUT', `${P()}/elements/${id.app}?branchId=${foreign.json.id}`, admin(records.elements.get(id.app!))), 404);
      expectProblem(await m.api('POST', `${P()}/channels?branchId=${randomUUID()}`, admin({ name: 'x', kind: 'queue' })), 404);
      expectProblem(await m.api('POST', `${P()}/channels?branchId=${project.id}`, admin({ name: 'x', kind: 'queue' })), 404);
      expectProblem(await m.api('GET', `${P()}/elements?branchId=nope`, admin()), 400, 'validation_error');
      expect(await m.modelVersion(project.id)).toBe(version);
    });

    it('a revision freezes main at its version; GET /revisions lists it with that version after main moves on; it cannot be edited', async () => {
      const frozenAt = version;
      const created = await m.api('POST', `${P()}/revisions`, admin({ name: 'Before the rename' }));
      expect(created.status, created.text).toBe(201);
      expect(created.json).toEqual({ id: expect.stringMatching(guid), name: 'Before the rename', modelVersion: frozenAt, createdAt: expect.stringMatching(iso) });
      expect(await m.modelVersion(project.id)).toBe(frozenAt);

      const renamed = expectWrite(await m.api('PUT', `${P()}/elements/${id.system}`, admin({ ...records.elements.get(id.system!), name: 'Shop (renamed)' })), 200);
      records.elements.set(id.system!, renamed.json);
      const list = await m.api('GET', `${P()}/revisions`, admin());
      expect(list.status).toBe(200);
      expect(list.json.items).toEqual([created.json]);
      expect(list.json.items[0].modelVersion).toBe(version - 1);
      expectProblem(await m.api('PUT', `${P()}/elements/${id.system}?branchId=${created.json.id}`, admin(records.elements.get(id.system!))), 404);
      expect((await m.api('GET', `${P()}/revisions`, as(viewer))).status).toBe(200);
      expectProblem(await m.api('POST', `${P()}/revisions`, as(viewer, { name: 'nope' })), 403);
    });

    it('a revision is read with ?revisionId= (list and record, as frozen); with branchId too, or naming no revision, it is 400', async () => {
      const [revision] = (await m.api('GET', `${P()}/revisions`, admin())).json.items;
      const frozen = await m.api('GET', `${P()}/elements/${id.system}?revisionId=${revision.id}`, as(viewer));
      expect(frozen.status, frozen.text).toBe(200);
      expect(frozen.json.name).not.toBe('Shop (renamed)');
      expect(Number(frozen.headers.get('model-version'))).toBe(revision.modelVersion);
      expect((await m.api('GET', `${P()}/elements/${id.system}`, admin())).json.name).toBe('Shop (renamed)');
      for (const kind of kinds) {
        const listed = await m.api('GET', `${P()}/${kind}?revisionId=${revision.id}&limit=1`, admin());
        expect(listed.status, listed.text).toBe(200);
        expect(listed.json.total, kind).toBe(records[kind].size);
      }
      expect((await m.api('GET', `${P()}/channels?revisionId=${revision.id}&refersTo=${id.app}`, admin())).json.total).toBe(0);
      const both = expectProblem(await m.api('GET', `${P()}/elements?revisionId=${revision.id}&branchId=${branch.id}`, admin()), 400, 'validation_error');
      expect(both.errors.map((e) => e.field)).toEqual(['revisionId']);
      for (const other of [branch.id, randomUUID(), project.id]) {
        const unknown = expectProblem(await m.api('GET', `${P()}/elements?revisionId=${other}`, admin()), 400, 'validation_error');
        expect(unknown.errors.map((e) => e.field)).toEqual(['revisionId']);
      }
      expectProblem(await m.api('GET', `${P()}/elements/${id.system}?revisionId=${randomUUID()}`, admin()), 400, 'validation_error');
      // A revision cannot be written through revisionId either: writes do not take it.
      expectProblem(await m.api('POST', `${P()}/channels?revisionId=${revision.id}`, admin({ name: 'x', kind: 'queue' })), 400, 'validation_error');
    });
  });

  describe('views', () => {
    let view: any;

    it('creates (201), lists, reads and replaces a view; the root must be an element of main', async () => {
      const created = await m.api('POST', `${P()}/views`, admin({ name: 'Context', rootElementId: id.system }));
      expect(created.status, created.text).toBe(201);
      expect(created.json).toEqual({ id: expect.stringMatching(guid), projectId: project.id, name: 'Context', rootElementId: id.system, positions: [], createdAt: expect.stringMatching(iso), updatedAt: expect.stringMatching(iso) });
      view = created.json;
      const chosen = randomUUID();
      const second = await m.api('POST', `${P()}/views`, admin({ id: chosen, name: 'All', rootElementId: null }));
      expect(second.status).toBe(201);
      expect(second.json.id).toBe(chosen);
      expectProblem(await m.api('POST', `${P()}/views`, admin({ id: chosen, name: 'Again', rootElementId: null })), 409);

      for (const root of [id.queue, randomUUID()]) {
        const bad = expectProblem(await m.api('POST', `${P()}/views`, admin({ name: 'Bad root', rootElementId: root })), 400, 'validation_error');
        expect(bad.errors.map((e) => e.field)).toEqual(['rootElementId']);
      }
      expectProblem(await m.api('POST', `${P()}/views`, admin({ name: 'Extra', rootElementId: null, zoom: 2 })), 400);

      const list = await m.api('GET', `${P()}/views`, admin());
      expect(list.json.items.map((v: any) => v.name)).toEqual(['All', 'Context']);
      expect((await m.api('GET', `${P()}/views/${view.id}`, as(viewer))).json).toEqual(view);

      const replaced = await m.api('PUT', `${P()}/views/${view.id}`, admin({ name: 'Context (all)', rootElementId: null }));
      expect(replaced.status).toBe(200);
      expect(replaced.json).toMatchObject({ id: view.id, name: 'Context (all)', rootElementId: null });
      expectProblem(await m.api('PUT', `${P()}/views/${view.id}`, admin({ id: chosen, name: 'x', rootElementId: null })), 400, 'validation_error');
      expectProblem(await m.api('PUT', `${P()}/views/${view.id}`, admin({ name: 'x', rootElementId: id.queue })), 400, 'validation_error');
      expectProblem(await m.api('PUT', `${P()}/views/${randomUUID()}`, admin({ name: 'x', rootElementId: null })), 404);
      view = replaced.json;
    });

    it('an element a view has as its root is not deleted under it: 409 naming the view', async () => {
      const leaf = await create('elements', { kind: 'actor', name: 'Viewed only', status: 'current' });
      const rooted = await m.api('POST', `${P()}/views`, admin({ name: 'Rooted', rootElementId: leaf.id }));
      expect(rooted.status, rooted.text).toBe(201);
      const refused = expectProblem(await m.api('DELETE', `${P()}/elements/${leaf.id}`, admin()), 409, 'conflict');
      expect(refused.errors).toEqual([{ field: `view:${rooted.json.id}`, message: 'refers to it through rootElementId' }]);
      expect((await m.api('DELETE', `${P()}/views/${rooted.json.id}`, admin())).status).toBe(204);
      expectWrite(await m.api('DELETE', `${P()}/elements/${leaf.id}`, admin()), 204);
    });

    it('PUT layout replaces the saved positions; a duplicate element or an out-of-range coordinate answers 400', async () => {
      const first = await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id.system, x: 0, y: 0 }, { elementId: id.app, x: 120.5, y: -40 }] }));
      expect(first.status, first.text).toBe(200);
      const expected = [{ elementId: id.system, x: 0, y: 0 }, { elementId: id.app, x: 120.5, y: -40 }].sort((a, b) => (a.elementId! < b.elementId! ? -1 : 1));
      expect(first.json).toEqual({ viewId: view.id, positions: expected });

      const second = await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id.component!.toUpperCase(), x: 10_000_000, y: -10_000_000 }] }));
      expect(second.status).toBe(200);
      expect(second.json.positions).toEqual([{ elementId: id.component, x: 10_000_000, y: -10_000_000 }]);
      expect((await m.api('GET', `${P()}/views/${view.id}`, admin())).json.positions).toEqual([{ elementId: id.component, x: 10_000_000, y: -10_000_000 }]);

      const duplicate = await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id.app, x: 1, y: 1 }, { elementId: id.app!.toUpperCase(), x: 2, y: 2 }] }));
      expectProblem(duplicate, 400, 'validation_error');
      expectProblem(await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id.app, x: 10_000_001, y: 0 }] })), 400, 'validation_error');
      expectProblem(await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id.app, x: 0 }] })), 400, 'validation_error');
      expect((await m.api('GET', `${P()}/views/${view.id}`, admin())).json.positions).toEqual([{ elementId: id.component, x: 10_000_000, y: -10_000_000 }]);

      const cleared = await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [] }));
      expect(cleared.json.positions).toEqual([]);
      expectProblem(await m.api('PUT', `${P()}/views/${view.id}/layout`, as(viewer, { positions: [] })), 403);
      expectProblem(await m.api('PUT', `${P()}/views/${randomUUID()}/layout`, admin({ positions: [] })), 404);
    });

    it("a view is not visible through another project; viewers cannot write; delete answers 204 then 404", async () => {
      expectProblem(await m.api('GET', `/api/projects/${otherProject.id}/views/${view.id}`, admin()), 404);
      expectProblem(await m.api('DELETE', `/api/projects/${otherProject.id}/views/${view.id}`, admin()), 404);
      expectProblem(await m.api('POST', `${P()}/views`, as(viewer, { name: 'v', rootElementId: null })), 403);
      expectProblem(await m.api('DELETE', `${P()}/views/${view.id}`, as(viewer)), 403);
      expectProblem(await m.api('GET', `${P()}/views`, as(outsider)), 404);
      const deleted = await m.api('DELETE', `${P()}/views/${view.id}`, admin());
      expect(deleted.status).toBe(204);
      expectProblem(await m.api('GET', `${P()}/views/${view.id}`, admin()), 404);
      expectProblem(await m.api('DELETE', `${P()}/views/${view.id}`, admin()), 404);
      expect((await m.api('GET', `${P()}/views`, admin())).json.items.map((v: any) => v.name)).toEqual(['All']);
    });
  });

  describe('facts', () => {
    it('accepting an inferred element makes it declared, records who and when, raises the version by one', async () => {
      const guess = await create('elements', { kind: 'actor', name: 'Guessed user', status: 'current', factStatus: 'inferred', provenance: { source: 'ai:proposal-1', confidence: 0.4 }, stale: { sinceRevision: 'c0ffee', reason: 'evidence-not-found' } }, 'guess');
      const startedAt = Date.now();
      const answer = expectWrite(await m.api('POST', `${P()}/facts/element/${guess.id}/accept`, admin()), 200);
      expect(answer.json).toEqual({
        entityType: 'element',
        entityId: guess.id,
        factStatus: 'declared',
        provenance: { source: 'ai:proposal-1', revision: null, confidence: 0.4, acceptedBy: m.admin.id, acceptedAt: expect.stringMatching(iso) },
        // A stale mark stays: only a scan that finds the evidence clears it.
        stale: { sinceRevision: 'c0ffee', reason: 'evidence-not-found' },
        modelVersion: version,
      });
      expect(Math.abs(Date.parse(answer.json.provenance.acceptedAt) - startedAt)).toBeLessThan(60_000);
      const read = await m.api('GET', `${P()}/elements/${guess.id}`, admin());
      expect(read.json).toEqual({ ...guess, factStatus: 'declared', provenance: answer.json.provenance });
      records.elements.set(guess.id, read.json);
    });

    it('accepting keeps observed-in-source (its evidence carries it) and works with the plural entity type', async () => {
      const answer = expectWrite(await m.api('POST', `${P()}/facts/elements/${id.actor}/accept`, admin()), 200);
      expect(answer.json).toMatchObject({ entityType: 'element', entityId: id.actor, factStatus: 'observed-in-source', provenance: { source: 'git:README.md', acceptedBy: m.admin.id } });
      const unknown = await create('channels', { name: 'who-knows', kind: 'topic', factStatus: 'unknown' });
      const accepted = expectWrite(await m.api('POST', `${P()}/facts/channel/${unknown.id}/accept`, admin()), 200);
      expect(accepted.json).toMatchObject({ entityType: 'channel', factStatus: 'declared', provenance: { source: null, acceptedBy: m.admin.id } });
    });

    it('mark-unknown sets unknown and clears the acceptance (version + 1)', async () => {
      const answer = expectWrite(await m.api('POST', `${P()}/facts/element/${id.guess}/mark-unknown`, admin()), 200);
      expect(answer.json).toEqual({
        entityType: 'element',
        entityId: id.guess,
        factStatus: 'unknown',
        provenance: { source: 'ai:proposal-1', revision: null, confidence: 0.4, acceptedBy: null, acceptedAt: null },
        stale: { sinceRevision: 'c0ffee', reason: 'evidence-not-found' },
        modelVersion: version,
      });
      expect((await m.api('GET', `${P()}/elements/${id.guess}`, admin())).json.factStatus).toBe('unknown');
      const binding = expectWrite(await m.api('POST', `${P()}/facts/bindings/${id.binding3}/mark-unknown`, admin()), 200);
      expect(binding.json).toMatchObject({ entityType: 'binding', factStatus: 'unknown', provenance: null });
      // Again: nothing changes, so no new version.
      const again = await m.api('POST', `${P()}/facts/bindings/${id.binding3}/mark-unknown`, admin());
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ factStatus: 'unknown', modelVersion: version });
      expect(await m.modelVersion(project.id)).toBe(version);
    });

    it('entityType schema or an unknown type answers 400; an unknown ID 404; a read token and a viewer 403; nothing changes', async () => {
      const before = await m.modelVersion(project.id);
      const schema = expectProblem(await m.api('POST', `${P()}/facts/schema/${id.schema}/accept`, admin()), 400);
      expect(schema.errors.map((e) => e.field)).toEqual(['entityType']);
      expectProblem(await m.api('POST', `${P()}/facts/schemas/${id.schema}/mark-unknown`, admin()), 400);
      expectProblem(await m.api('POST', `${P()}/facts/widget/${id.app}/accept`, admin()), 400);
      expectProblem(await m.api('POST', `${P()}/facts/element/${randomUUID()}/accept`, admin()), 404);
      // An ID of another kind is not an element.
      expectProblem(await m.api('POST', `${P()}/facts/element/${id.queue}/accept`, admin()), 404);
      expectProblem(await m.api('POST', `${P()}/facts/element/${id.app}/accept`, { token: readToken }), 403);
      expectProblem(await m.api('POST', `${P()}/facts/element/${id.app}/mark-unknown`, { token: readToken }), 403);
      expectProblem(await m.api('POST', `${P()}/facts/element/${id.app}/accept`, as(viewer)), 403);
      expectProblem(await m.api('POST', `${P()}/facts/element/${id.app}/accept`, as(outsider)), 404);
      expect(await m.modelVersion(project.id)).toBe(before);
      expect((await m.api('GET', `${P()}/elements/${id.app}`, admin())).json).toEqual(records.elements.get(id.app!));
    });

    it('a decision on a branch changes the branch only', async () => {
      const branch = await m.api('POST', `${P()}/branches`, admin({ name: 'facts draft', kind: 'draft' }));
      const answer = await m.api('POST', `${P()}/facts/element/${id.guess}/accept?branchId=${branch.json.id}`, admin());
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ factStatus: 'declared', modelVersion: 1 });
      expect((await m.api('GET', `${P()}/elements/${id.guess}`, admin())).json.factStatus).toBe('unknown');
      expect((await m.api('GET', `${P()}/elements/${id.guess}?branchId=${branch.json.id}`, admin())).json.factStatus).toBe('declared');
      expect(await m.modelVersion(project.id)).toBe(version);
    });
  });

  it('the export holds exactly the records the API answers', async () => {
    const document = JSON.parse((await m.exportModel(project.id)).text);
    for (const kind of kinds) {
      const { items } = await listAll(kind, '', 200);
      expect(document[kind]).toEqual(items);
    }
  });
});
