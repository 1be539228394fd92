import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { extractionRulesVersion } from '../../lib/core/extract/rules-version';
import { callTool, connectMcp } from '../support/agent-fixtures';
import { expectProblem } from '../support/http-client';
import { idFor, startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * Drift over HTTP (docs/change-review.md "Drift"): a model imported by hand,
 * a checkout pushed by `svc scan` with a push token; `GET P/drift` names each
 * of the four statuses with its evidence, counts, pages and filters; a fact
 * accepted and then gone is documented-not-seen with its stale mark and the
 * pending removal; `POST P/drift/check` answers a snapshot's drift with a read
 * token and stores nothing; `get_drift` answers the same through the MCP SDK client.
 */
const seed = 'd71f0000-0000-4000-8000-00000000d1f7';
const id = (label: string) => idFor(seed, label);

const element = (label: string, kind: string, name: string, extra: Record<string, unknown> = {}) => ({
  id: id(label),
  kind,
  name,
  description: null,
  technology: 'Node.js',
  status: 'current',
  parentId: null,
  tags: [],
  icon: null,
  factStatus: 'declared',
  provenance: null,
  stale: null,
  ...extra,
});

/** orders and billing are in the code; payments is not; a customer and a planned service are not expected in code. */
const model = {
  version: '1.0',
  project: { name: 'Drift' },
  elements: [
    element('shop', 'system', 'Shop', { technology: null }),
    element('orders', 'app', 'orders', { parentId: id('shop') }),
    element('billing', 'app', 'billing', { parentId: id('shop') }),
    element('payments', 'app', 'payments', { parentId: id('shop') }),
    element('customer', 'actor', 'Customer', { technology: null }),
    element('loyalty', 'app', 'loyalty', { status: 'planned', parentId: id('shop') }),
  ],
  relationships: [],
  messages: [],
  schemas: [],
  operations: [],
  channels: [],
  subscriptions: [],
  bindings: [],
};

const app = (name: string, technology: string, line: number) => ({
  entityKind: 'element',
  key: `element:app:${name}`,
  factStatus: 'observed-in-source',
  confidence: null,
  evidence: [{ path: 'docker-compose.yml', startLine: line, endLine: line + 3 }],
  kind: 'app',
  name,
  description: null,
  technology,
});

function pushBody(name: string, facts: unknown[], commit: string) {
  return {
    name,
    commitSha: commit.repeat(40),
    rules: [{ name: 'extraction', version: extractionRulesVersion }],
    scope: { includePaths: [], excludePaths: [], excludeGlobs: [], limits: { maxFiles: 2000, maxFileBytes: 262144, maxTotalBytes: 20971520 } },
    files: [{ path: 'docker-compose.yml', blobSha: 'a'.repeat(40), size: 120 }],
    skipped: [],
    facts,
    isComplete: true,
    extractionGap: null,
    filesListed: 1,
  };
}

interface Item {
  key: string;
  status: string;
  name: string;
  recordId: string | null;
  factKey: string | null;
  evidence: { path: string; startLine: number; endLine: number }[];
  changes: { field: string; model: unknown; seen: unknown }[];
  stale: { sinceRevision: string; reason: string } | null;
  proposal: { id: string; scanId: string; action: string } | null;
  sources: { id: string | null; name: string }[];
}

describe('drift over HTTP', () => {
  let m: ModelService;
  let project: Project;
  let pushToken: string;
  let readToken: string;
  let client: Client;
  const P = () => `/api/projects/${project.id}`;
  const asAdmin = () => ({ session: m.admin.session });

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Drift');
    project = await m.createProject(workspaceId, 'Drift');
    const imported = await m.importModel(project.id, model);
    expect(imported.status, imported.text.slice(0, 800)).toBe(200);
    pushToken = await m.createToken(workspaceId, ['push']);
    readToken = await m.createToken(workspaceId, ['read']);
    const pushed = await m.api('POST', `${P()}/sources/push`, { token: pushToken, json: pushBody('shop', [app('orders', 'Node.js', 1), app('billing', 'Deno', 5), app('shipping', 'Go', 9)], 'a') });
    expect(pushed.status, pushed.text).toBe(201);
    client = await connectMcp(m.service.url, readToken);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  it('names each fact in-sync, changed, seen-not-documented or documented-not-seen, with counts and evidence', async () => {
    const answer = await m.api('GET', `${P()}/drift`, asAdmin());
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.counts).toEqual({ 'seen-not-documented': 1, changed: 1, 'documented-not-seen': 1, 'in-sync': 1 });
    expect(answer.json.sources).toMatchObject([{ name: 'shop', kind: 'push', commitSha: 'a'.repeat(40), isComplete: true }]);
    const items = answer.json.items as Item[];
    expect(items.map((item) => `${item.status} ${item.name}`)).toEqual(['seen-not-documented shipping', 'changed billing', 'documented-not-seen payments', 'in-sync orders']);
    const [shipping, billing, payments, orders] = items as [Item, Item, Item, Item];
    expect(shipping).toMatchObject({ recordId: null, factKey: 'element:app:shipping', evidence: [{ path: 'docker-compose.yml', startLine: 9, endLine: 12 }], sources: [{ name: 'shop' }], proposal: { action: 'add' } });
    expect(billing).toMatchObject({ recordId: id('billing'), changes: [{ field: 'technology', model: 'Node.js', seen: 'Deno' }], evidence: [{ startLine: 5 }], proposal: { action: 'change' } });
    expect(payments).toMatchObject({ recordId: id('payments'), factKey: null, evidence: [], sources: [{ name: 'shop' }] });
    expect(orders).toMatchObject({ recordId: id('orders'), changes: [] });
    // The proposal each item links to is the scan's own.
    const proposal = await m.api('GET', `${P()}/imports/${shipping.proposal!.scanId}/proposals/${shipping.proposal!.id}`, asAdmin());
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.json).toMatchObject({ factKey: 'element:app:shipping', action: 'add', status: 'pending' });
  });

  it('pages in report order with the counts of the whole report on every page, and filters by status', async () => {
    const first = await m.api('GET', `${P()}/drift?limit=3`, asAdmin());
    expect(first.json.items).toHaveLength(3);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await m.api('GET', `${P()}/drift?limit=3&cursor=${encodeURIComponent(first.json.nextCursor)}`, asAdmin());
    expect(second.json.items.map((item: Item) => item.name)).toEqual(['orders']);
    expect(second.json.nextCursor).toBeNull();
    expect(second.json.counts).toEqual(first.json.counts);
    const changed = await m.api('GET', `${P()}/drift?status=changed`, asAdmin());
    expect(changed.json.items.map((item: Item) => item.name)).toEqual(['billing']);
    expect(changed.json.counts['in-sync']).toBe(1);
    // A cursor of another filter, or an unknown status, is refused on its field.
    expect(expectProblem(await m.api('GET', `${P()}/drift?status=changed&cursor=${encodeURIComponent(first.json.nextCursor)}`, asAdmin()), 400).errors[0]!.field).toBe('cursor');
    expect(expectProblem(await m.api('GET', `${P()}/drift?status=drifting`, asAdmin()), 400).errors[0]!.field).toBe('status');
    // A read token may read it; another project's ID is 404.
    expect((await m.api('GET', `${P()}/drift`, { token: readToken })).status).toBe(200);
    expectProblem(await m.api('GET', `/api/projects/${id('nowhere')}/drift`, asAdmin()), 404);
  });

  it('an accepted fact the next complete scan does not see is documented-not-seen, with its stale mark and the pending removal', async () => {
    const drift = (await m.api('GET', `${P()}/drift?status=seen-not-documented`, asAdmin())).json.items as Item[];
    const add = drift[0]!.proposal!;
    const decided = await m.api('POST', `${P()}/imports/${add.scanId}/proposals/decide`, { ...asAdmin(), json: { accept: [add.id], reject: [] } });
    expect(decided.status, decided.text).toBe(200);
    const pushed = await m.api('POST', `${P()}/sources/push`, { token: pushToken, json: pushBody('shop', [app('orders', 'Node.js', 1), app('billing', 'Deno', 5)], 'b') });
    expect(pushed.status, pushed.text).toBe(201);
    const answer = await m.api('GET', `${P()}/drift?status=documented-not-seen`, asAdmin());
    const shipping = (answer.json.items as Item[]).find((item) => item.name === 'shipping')!;
    expect(shipping).toMatchObject({ factKey: 'element:app:shipping', stale: { sinceRevision: 'b'.repeat(40), reason: 'evidence-not-found' }, proposal: { scanId: pushed.json.scanId, action: 'remove' } });
    expect(answer.json.counts).toEqual({ 'seen-not-documented': 0, changed: 1, 'documented-not-seen': 2, 'in-sync': 1 });
  });

  it('POST …/drift/check answers a snapshot\'s drift to a read token and stores nothing', async () => {
    const scansBefore = (await m.api('GET', `${P()}/imports`, asAdmin())).json.items.length;
    const sourcesBefore = (await m.api('GET', `${P()}/sources`, asAdmin())).json.items.length;
    const body = pushBody('shop', [app('orders', 'Node.js', 1), app('billing', 'Node.js', 5), app('shipping', 'Go', 9), app('payments', 'Node.js', 13), app('returns', 'Rust', 17)], 'c');
    const checked = await m.api('POST', `${P()}/drift/check`, { token: readToken, json: body });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.json.counts).toEqual({ 'seen-not-documented': 1, changed: 0, 'documented-not-seen': 0, 'in-sync': 4 });
    expect(checked.json.items.map((item: Item) => `${item.status} ${item.name}`)).toEqual(['seen-not-documented returns']);
    expect(checked.json.source).toMatchObject({ name: 'shop', kind: 'push', scanId: null, commitSha: 'c'.repeat(40), isComplete: true });
    // A new name is a Source not made yet: the payments record is in its reach and nobody else sees it.
    const fresh = await m.api('POST', `${P()}/drift/check`, { token: readToken, json: pushBody('elsewhere', [app('orders', 'Node.js', 1)], 'd') });
    expect(fresh.json.source).toMatchObject({ id: null, name: 'elsewhere' });
    expect(fresh.json.items.map((item: Item) => `${item.status} ${item.name}`)).toEqual(['documented-not-seen payments']);
    expect((await m.api('GET', `${P()}/imports`, asAdmin())).json.items.length).toBe(scansBefore);
    expect((await m.api('GET', `${P()}/sources`, asAdmin())).json.items.length).toBe(sourcesBefore);
    // Other extraction rules are 409 as for a push; a push-only token is refused.
    expect(expectProblem(await m.api('POST', `${P()}/drift/check`, { token: readToken, json: { ...body, rules: [{ name: 'extraction', version: '0' }] } }), 409).detail).toMatch(/Update the svc command-line tool/);
    expectProblem(await m.api('POST', `${P()}/drift/check`, { token: pushToken, json: body }), 403);
    expect(expectProblem(await m.api('POST', `${P()}/drift/check`, { token: readToken, json: { ...body, facts: 'none' } }), 400).errors[0]!.field).toBe('facts');
    const settings = await m.api('GET', `${P()}/drift/check`, { token: readToken });
    expect(settings.json).toMatchObject({ rulesVersion: extractionRulesVersion, maxBodyBytes: 25_165_824 });
  });

  it('get_drift through the MCP SDK client answers the same report in the envelope, paged', async () => {
    const http = (await m.api('GET', `${P()}/drift`, asAdmin())).json;
    const { envelope } = await callTool(client, 'get_drift', { projectId: project.id, limit: 2 });
    expect(envelope).toMatchObject({ projectId: project.id, truth: 'observed-in-source' });
    expect(envelope.data.counts).toEqual(http.counts);
    expect((envelope.data.items as Item[]).map((item) => item.key)).toEqual(http.items.slice(0, 2).map((item: Item) => item.key));
    const next = await callTool(client, 'get_drift', { projectId: project.id, limit: 2, cursor: envelope.nextCursor });
    expect((next.envelope.data.items as Item[]).map((item) => item.key)).toEqual(http.items.slice(2, 4).map((item: Item) => item.key));
    const only = await callTool(client, 'get_drift', { projectId: project.id, status: 'changed' });
    expect((only.envelope.data.items as Item[]).map((item) => item.name)).toEqual(['billing']);
  });
});
