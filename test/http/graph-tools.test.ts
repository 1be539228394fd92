import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, callToolError, connectMcp, storeScenario } from '../support/agent-fixtures';
import { expectProblem } from '../support/http-client';
import { startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * find_paths and get_impact through the official MCP SDK client and their
 * HTTP equivalents, against the built server on real PostgreSQL, on a small
 * shop whose answers are worked out by hand below.
 *
 *   Customer (actor) ─r1 uses─▶ Web ─r2 places orders─▶ Orders ─r3 writes─▶ Orders DB
 *                               Web ─r6 pays directly─▶ Payments ◀─r4 charges─ Orders
 *                               Payments ─r5 settles─▶ External bank;  Notifier ─r7 pushes─▶ Web
 *   OrderPlaced (m1, schema Order): Orders → Billing, Notifier;  PaymentTaken (m2): Payments → Billing
 *   PlaceOrder (op1, request schema Order) on Orders; Charge (op2) on Payments
 *   orders exchange (c1) ─b1 order.*─▶ billing queue (c2) ─sub1─▶ Billing, dead letters to billing-dead (c3)
 *   Views: Landscape (top level), Shop inside (root Shop), Orders only (root Orders)
 *   Scenarios: Checkout (Web calls PlaceOrder; Orders publishes OrderPlaced on c1, handled by sub1), Settlement (Web calls Charge)
 *   Promises: R1 links Orders; R2 links the scenario Settlement
 */

// Record IDs chosen so that ID order is the order named in each answer below.
const g = (n: number) => `6a000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ids = {
  shop: g(1),
  customer: g(2),
  web: g(3),
  orders: g(4),
  payments: g(5),
  billing: g(6),
  notifier: g(7),
  ordersDb: g(8),
  bank: g(9),
  r1: g(0x11),
  r2: g(0x12),
  r3: g(0x13),
  r4: g(0x14),
  r5: g(0x15),
  r6: g(0x16),
  r7: g(0x17),
  m1: g(0x21),
  m2: g(0x22),
  order: g(0x31),
  op1: g(0x41),
  op2: g(0x42),
  c1: g(0x51),
  c2: g(0x52),
  c3: g(0x53),
  b1: g(0x61),
  sub1: g(0x71),
  landscape: g(0x81),
  shopInside: g(0x82),
  ordersOnly: g(0x83),
  checkout: g(0x91),
  settlement: g(0x92),
};

function shopDocument() {
  const element = (id: string, kind: string, name: string, parentId: string | null) => ({ id, kind, name, status: 'current', parentId });
  const relationship = (id: string, fromId: string, toId: string, label: string) => ({ id, fromId, toId, label, kind: 'structural' });
  return {
    elements: [
      element(ids.shop, 'system', 'Shop', null),
      element(ids.customer, 'actor', 'Customer', null),
      element(ids.web, 'app', 'Web', ids.shop),
      element(ids.orders, 'app', 'Orders', ids.shop),
      element(ids.payments, 'app', 'Payments', ids.shop),
      element(ids.billing, 'app', 'Billing', ids.shop),
      element(ids.notifier, 'app', 'Notifier', ids.shop),
      element(ids.ordersDb, 'store', 'Orders DB', ids.shop),
      element(ids.bank, 'system', 'External bank', null),
    ],
    relationships: [
      relationship(ids.r1, ids.customer, ids.web, 'uses'),
      relationship(ids.r2, ids.web, ids.orders, 'places orders'),
      relationship(ids.r3, ids.orders, ids.ordersDb, 'writes'),
      relationship(ids.r4, ids.orders, ids.payments, 'charges'),
      relationship(ids.r5, ids.payments, ids.bank, 'settles'),
      relationship(ids.r6, ids.web, ids.payments, 'pays directly'),
      relationship(ids.r7, ids.notifier, ids.web, 'pushes'),
    ],
    schemas: [{ id: ids.order, name: 'Order', content: '{"type":"object"}' }],
    messages: [
      { id: ids.m1, name: 'OrderPlaced', producerId: ids.orders, consumerIds: [ids.billing, ids.notifier], schemaId: ids.order },
      { id: ids.m2, name: 'PaymentTaken', producerId: ids.payments, consumerIds: [ids.billing] },
    ],
    operations: [
      { id: ids.op1, ownerId: ids.orders, name: 'PlaceOrder', transport: 'http', requestSchemaId: ids.order },
      { id: ids.op2, ownerId: ids.payments, name: 'Charge', transport: 'http' },
    ],
    channels: [
      { id: ids.c1, name: 'orders', kind: 'exchange' },
      { id: ids.c2, name: 'billing', kind: 'queue' },
      { id: ids.c3, name: 'billing-dead', kind: 'queue' },
    ],
    bindings: [{ id: ids.b1, sourceChannelId: ids.c1, targetChannelId: ids.c2, routingKey: 'order.*' }],
    subscriptions: [{ id: ids.sub1, channelId: ids.c2, consumerId: ids.billing, deadLetterChannelId: ids.c3 }],
  };
}

const call = (id: string, from: string, operation: string) => ({ type: 'call', id, from, operation, request: { orderId: 1 }, response: null, then: [], onError: [] });
const scenarios = [
  {
    id: ids.checkout,
    name: 'Checkout',
    steps: [
      call('place', ids.web, ids.op1),
      { type: 'publish', id: 'announce', from: ids.orders, channel: ids.c1, message: ids.m1, payload: {}, headers: {}, routingKey: 'order.placed', handlers: { [ids.sub1]: [] } },
    ],
    faults: [],
    assertions: [],
  },
  { id: ids.settlement, name: 'Settlement', steps: [call('charge', ids.web, ids.op2)], faults: [], assertions: [] },
];

/** A path as names joined by the edges' names: `Customer -uses-> Web`. */
const spelled = (path: { elements: { name: string }[]; edges: { name: string | null }[] }) =>
  path.elements.map((e, i) => (i === 0 ? e.name : `-${path.edges[i - 1]!.name}-> ${e.name}`)).join(' ');
const elementLine = (n: { name: string; depth: number; via: { kind: string; name: string | null; fromId: string } }) => `${n.depth} ${n.name} via ${n.via.kind} ${n.via.name ?? '-'} from ${n.via.fromId}`;

describe('find_paths and get_impact over MCP and HTTP', () => {
  let m: ModelService;
  let project: Project;
  let token: string;
  let client: Client;

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Graph');
    project = await m.createProject(workspaceId, 'Shop');
    const imported = await m.importModel(project.id, shopDocument());
    expect(imported.status, imported.text.slice(0, 600)).toBe(200);
    for (const scenario of scenarios) await storeScenario(m, project.id, scenario);
    const admin = { session: m.admin.session };
    for (const [id, name, rootElementId] of [
      [ids.landscape, 'Landscape', null],
      [ids.shopInside, 'Shop inside', ids.shop],
      [ids.ordersOnly, 'Orders only', ids.orders],
    ] as const) {
      const view = await m.api('POST', `/api/projects/${project.id}/views`, { ...admin, json: { id, name, rootElementId } });
      expect(view.status, view.text).toBe(201);
    }
    for (const [title, links] of [
      ['Orders keep every order', [{ kind: 'element', id: ids.orders }]],
      ['Settlement is idempotent', [{ kind: 'scenario', id: ids.settlement }]],
    ] as const) {
      const promise = await m.api('POST', `/api/projects/${project.id}/promises`, { ...admin, json: { title, text: title, links, obligations: [] } });
      expect(promise.status, promise.text).toBe(201);
    }
    token = await m.createToken(workspaceId, ['read']);
    client = await connectMcp(m.service.url, token);
  });

  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  describe('find_paths', () => {
    it('lists the paths from Customer to Billing shortest first, each with its elements and named edges', async () => {
      const { envelope } = await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.customer, toId: ids.billing });
      expect(envelope.truth).toBe('declared');
      expect(envelope.truthNote).toMatch(/declared model/);
      expect(envelope.nextCursor).toBeNull();
      const data = envelope.data;
      expect({ ...data, paths: undefined }).toEqual({ fromId: ids.customer, toId: ids.billing, maxDepth: 4, modelVersion: expect.any(Number), shortestLength: 3, paths: undefined });
      expect(data.paths.map(spelled)).toEqual([
        'Customer -uses-> Web -places orders-> Orders -OrderPlaced-> Billing',
        'Customer -uses-> Web -pays directly-> Payments -PaymentTaken-> Billing',
        'Customer -uses-> Web -places orders-> Orders -charges-> Payments -PaymentTaken-> Billing',
      ]);
      expect(data.paths[0]).toEqual({
        length: 3,
        elements: [
          { id: ids.customer, name: 'Customer', kind: 'actor' },
          { id: ids.web, name: 'Web', kind: 'app' },
          { id: ids.orders, name: 'Orders', kind: 'app' },
          { id: ids.billing, name: 'Billing', kind: 'app' },
        ],
        edges: [
          { via: 'relationship', id: ids.r1, name: 'uses', fromId: ids.customer, toId: ids.web, factStatus: 'declared', stale: null },
          { via: 'relationship', id: ids.r2, name: 'places orders', fromId: ids.web, toId: ids.orders, factStatus: 'declared', stale: null },
          { via: 'message', id: ids.m1, name: 'OrderPlaced', fromId: ids.orders, toId: ids.billing, factStatus: 'declared', stale: null },
        ],
      });
    });

    it('bounds the paths by maxDepth, pages them with the cursor, and follows direction', async () => {
      const short = await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.customer, toId: ids.billing, maxDepth: 3 });
      expect(short.envelope.data.paths).toHaveLength(2);
      const first = await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.customer, toId: ids.billing, limit: 2 });
      expect(first.envelope.data.paths.map(spelled)).toHaveLength(2);
      const second = await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.customer, toId: ids.billing, limit: 2, cursor: first.envelope.nextCursor });
      expect(second.envelope.data.paths.map(spelled)).toEqual(['Customer -uses-> Web -places orders-> Orders -charges-> Payments -PaymentTaken-> Billing']);
      expect(second.envelope.nextCursor).toBeNull();
      // Billing leads nowhere; Notifier reaches Orders through Web.
      expect((await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.billing, toId: ids.customer })).envelope.data).toMatchObject({ shortestLength: null, paths: [] });
      expect((await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.notifier, toId: ids.bank })).envelope.data.paths.map(spelled)).toEqual([
        'Notifier -pushes-> Web -pays directly-> Payments -settles-> External bank',
        'Notifier -pushes-> Web -places orders-> Orders -charges-> Payments -settles-> External bank',
      ]);
    });

    it('answers the same over HTTP, and refuses what it cannot read', async () => {
      const path = (query: string) => `/api/projects/${project.id}/paths?${query}`;
      const http = await m.api('GET', path(`fromId=${ids.customer}&toId=${ids.billing}&limit=2`), { token });
      expect(http.status, http.text).toBe(200);
      const tool = await callTool(client, 'find_paths', { projectId: project.id, fromId: ids.customer, toId: ids.billing, limit: 2 });
      const { nextCursor, notice, ...data } = http.json;
      expect(data).toEqual(tool.envelope.data);
      expect(notice).toBeNull();
      const rest = await m.api('GET', path(`fromId=${ids.customer}&toId=${ids.billing}&limit=2&cursor=${encodeURIComponent(nextCursor)}`), { token });
      expect(rest.json.paths).toHaveLength(1);
      expectProblem(await m.api('GET', path(`fromId=${ids.customer}&toId=${ids.c1}`), { token }), 404);
      expectProblem(await m.api('GET', path(`fromId=${ids.customer}&toId=${ids.customer}`), { token }), 400, 'validation_error');
      expectProblem(await m.api('GET', path(`fromId=${ids.customer}&toId=${ids.billing}&maxDepth=9`), { token }), 400, 'validation_error');
      expectProblem(await m.api('GET', path(`fromId=${ids.customer}`), { token }), 400, 'validation_error');
      expectProblem(await m.api('GET', path(`fromId=${ids.customer}&toId=${ids.billing}`)), 401);
      const error = await callToolError(client, 'find_paths', { projectId: project.id, fromId: ids.customer, toId: ids.order });
      expect(error.status).toBe(404);
    });
  });

  describe('get_impact', () => {
    it('of the element Orders: its callers and consumers, then theirs; the scenarios, views and promises they reach', async () => {
      const { envelope } = await callTool(client, 'get_impact', { projectId: project.id, kind: 'element', id: ids.orders });
      const data = envelope.data;
      expect(data.target).toEqual({ kind: 'element', id: ids.orders, name: 'Orders' });
      expect(data.counts).toEqual({ elements: 4, channels: 0, scenarios: 2, views: 3, promises: 2 });
      expect(data.elements.map(elementLine)).toEqual([
        `1 Billing via message OrderPlaced from ${ids.orders}`,
        `1 Notifier via message OrderPlaced from ${ids.orders}`,
        `1 Web via relationship places orders from ${ids.orders}`,
        `2 Customer via relationship uses from ${ids.web}`,
      ]);
      expect(data.elements[0]).toEqual({ id: ids.billing, kind: 'app', name: 'Billing', depth: 1, via: { kind: 'message', id: ids.m1, name: 'OrderPlaced', fromId: ids.orders }, factStatus: 'declared', stale: null });
      expect(data.scenarios).toEqual([
        { id: ids.checkout, name: 'Checkout', recordId: ids.orders, reason: 'it names the app "Orders"' },
        { id: ids.settlement, name: 'Settlement', recordId: ids.web, reason: 'it names the app "Web"' },
      ]);
      expect(data.views).toEqual([
        { id: ids.landscape, name: 'Landscape', recordId: ids.customer, reason: 'it shows "Customer"' },
        { id: ids.ordersOnly, name: 'Orders only', recordId: ids.orders, reason: 'it shows "Orders" as its frame' },
        { id: ids.shopInside, name: 'Shop inside', recordId: ids.orders, reason: 'it shows "Orders"' },
      ]);
      expect(data.promises.map((p: { requirementNumber: number; name: string; reason: string }) => [p.requirementNumber, p.name, p.reason])).toEqual([
        [1, 'Orders keep every order', 'it cites the app "Orders"'],
        [2, 'Settlement is idempotent', 'it cites the scenario "Settlement", which names the app "Web"'],
      ]);
    });

    it('of the schema Order: the producer and consumers of its message and the owner of its operation, then what depends on them', async () => {
      const data = (await callTool(client, 'get_impact', { projectId: project.id, kind: 'schema', id: ids.order })).envelope.data;
      expect(data.target).toEqual({ kind: 'schema', id: ids.order, name: 'Order' });
      expect(data.elements.map(elementLine)).toEqual([
        `1 Billing via message OrderPlaced from ${ids.order}`,
        `1 Notifier via message OrderPlaced from ${ids.order}`,
        `1 Orders via operation PlaceOrder from ${ids.order}`,
        `2 Web via relationship places orders from ${ids.orders}`,
        `3 Customer via relationship uses from ${ids.web}`,
      ]);
    });

    it('of the operation Charge: its owner, then the owner’s callers and consumers, at most maxDepth steps away', async () => {
      const data = (await callTool(client, 'get_impact', { projectId: project.id, kind: 'operation', id: ids.op2 })).envelope.data;
      expect(data.elements.map(elementLine)).toEqual([
        `1 Payments via operation Charge from ${ids.op2}`,
        `2 Billing via message PaymentTaken from ${ids.payments}`,
        `2 Orders via relationship charges from ${ids.payments}`,
        `2 Web via relationship pays directly from ${ids.payments}`,
        `3 Customer via relationship uses from ${ids.web}`,
        `3 Notifier via relationship pushes from ${ids.web}`,
      ]);
      const near = (await callTool(client, 'get_impact', { projectId: project.id, kind: 'operation', id: ids.op2, maxDepth: 1 })).envelope.data;
      expect(near.elements.map(elementLine)).toEqual([`1 Payments via operation Charge from ${ids.op2}`]);
      // Only Settlement calls Charge; Checkout names none of Payments' records.
      expect(near.scenarios.map((s: { name: string; reason: string }) => `${s.name}: ${s.reason}`)).toEqual(['Settlement: it names the operation "Charge"']);
    });

    it('of channels: through bindings to the queue and its consumer; a dead-letter channel to the consumers that use it', async () => {
      const exchange = (await callTool(client, 'get_impact', { projectId: project.id, kind: 'channel', id: ids.c1 })).envelope.data;
      expect(exchange.channels.map(elementLine)).toEqual([`1 billing via binding order.* from ${ids.c1}`]);
      expect(exchange.channels[0].kind).toBe('channel');
      expect(exchange.elements.map(elementLine)).toEqual([`2 Billing via subscription - from ${ids.c2}`]);
      expect(exchange.scenarios.map((s: { name: string; reason: string }) => `${s.name}: ${s.reason}`)).toEqual(['Checkout: it names the channel "orders"']);
      const dead = (await callTool(client, 'get_impact', { projectId: project.id, kind: 'channel', id: ids.c3, maxDepth: 1 })).envelope.data;
      expect(dead.elements.map(elementLine)).toEqual([`1 Billing via dead-letter - from ${ids.c3}`]);
    });

    it('pages the elements with the cursor; the other lists come with every page; HTTP answers the same', async () => {
      const first = await callTool(client, 'get_impact', { projectId: project.id, kind: 'element', id: ids.orders, limit: 3 });
      expect(first.envelope.data.elements).toHaveLength(3);
      const second = await callTool(client, 'get_impact', { projectId: project.id, kind: 'element', id: ids.orders, limit: 3, cursor: first.envelope.nextCursor });
      expect(second.envelope.data.elements.map(elementLine)).toEqual([`2 Customer via relationship uses from ${ids.web}`]);
      expect(second.envelope.data.views).toEqual(first.envelope.data.views);
      expect(second.envelope.nextCursor).toBeNull();
      const http = await m.api('GET', `/api/projects/${project.id}/impact?kind=element&id=${ids.orders}&limit=3`, { token });
      expect(http.status, http.text).toBe(200);
      const { nextCursor, notice, ...data } = http.json;
      expect(data).toEqual(first.envelope.data);
      expect(typeof nextCursor).toBe('string');
      expect(notice).toBeNull();
      // A cursor of one list does not page another.
      expect((await callToolError(client, 'get_impact', { projectId: project.id, kind: 'element', id: ids.web, cursor: first.envelope.nextCursor })).errors.map((e) => e.field)).toEqual(['cursor']);
    });

    it('refuses an unknown kind, an ID of another kind, and a cursor of an earlier model version', async () => {
      const kind = await callToolError(client, 'get_impact', { projectId: project.id, kind: 'view', id: ids.orders });
      expect(kind.errors.map((e) => e.field)).toEqual(['kind']);
      expect((await callToolError(client, 'get_impact', { projectId: project.id, kind: 'schema', id: ids.orders })).status).toBe(404);
      expectProblem(await m.api('GET', `/api/projects/${project.id}/impact?kind=element&id=${ids.order}`, { token }), 404);
      expectProblem(await m.api('GET', `/api/projects/${project.id}/impact?kind=element&id=${ids.orders}&maxDepth=0`, { token }), 400, 'validation_error');
      const first = await callTool(client, 'get_impact', { projectId: project.id, kind: 'element', id: ids.orders, limit: 1 });
      const edit = await m.api('PUT', `/api/projects/${project.id}/elements/${ids.bank}`, { session: m.admin.session, json: { id: ids.bank, kind: 'system', name: 'Bank', status: 'current', parentId: null } });
      expect(edit.status, edit.text).toBe(200);
      const stale = await callToolError(client, 'get_impact', { projectId: project.id, kind: 'element', id: ids.orders, limit: 1, cursor: first.envelope.nextCursor });
      expect(stale.status).toBe(409);
      expect(stale.errors.map((e) => e.field)).toEqual(['cursor']);
    });
  });

  it('the capability list names both tools with their HTTP equivalents, and the endpoints', async () => {
    const answer = await m.api('GET', '/api/agent/capabilities', { token });
    expect(answer.status).toBe(200);
    const tools = answer.json.tools as { name: string; equivalentHttp: string | null }[];
    expect(tools.find((t) => t.name === 'find_paths')?.equivalentHttp).toBe('GET /api/projects/{projectId}/paths');
    expect(tools.find((t) => t.name === 'get_impact')?.equivalentHttp).toBe('GET /api/projects/{projectId}/impact');
    const endpoints = (answer.json.endpoints as { method: string; path: string }[]).map((e) => `${e.method} ${e.path}`);
    expect(endpoints).toEqual(expect.arrayContaining(['GET /api/projects/{projectId}/paths', 'GET /api/projects/{projectId}/impact']));
  });
});
