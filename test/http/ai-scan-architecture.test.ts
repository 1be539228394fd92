import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectMcp } from '../support/agent-fixtures';
import { configureAiProvider, dataBlockOf, startFakeAi, type FakeAiRequest, type FakeAiServer } from '../support/fake-ai';
import { temporaryDirectory } from '../support/service-process';
import { startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * Architecture from a scan (docs/ai-proposals.md "Architecture from a scan"): a folder Source of
 * the shop fixture scanned by the built server on real PostgreSQL, with a fake OpenAI API behind
 * `ai.taskRouting.inferArchitecture`. A completed scan gets one proposal naming it, made by a job
 * outside the scan; the provider saw fact names in the data block and no file content; the items
 * are accepted through decide as inferred and the scan's own additions land on the same records.
 * No routing: no job, no call, no proposal. A job run twice stores one proposal; a provider that
 * answers 500 leaves a call record and no proposal.
 */
const fixture = resolve(import.meta.dirname, '../fixtures/shop');
const task = 'infer-architecture-from-scan';
/** Text of the fixture's files that is not a fact name: none of it may reach the provider. */
const fileTexts = ['orders-password', 'Takes orders and publishes OrderPlaced', 'app.listen', 'INVOICE_PREFIX', 'postgres:16-alpine', '"startLine"'];

interface SentElement {
  key: string;
  kind: string;
  name: string;
  id: string;
  inModel: boolean;
  paths: string[];
}

/** The element facts of the request's scan facts part. */
function sentElements(request: FakeAiRequest): SentElement[] {
  const part = dataBlockOf('openai', request).parts.find((p) => p.label.startsWith('scan facts'));
  if (!part) throw new Error('no scan facts part');
  return JSON.parse(part.text).elements;
}

/** What the fake model answers: a system per service folder, each app and store of it placed under its system. */
function groupIntoServices(request: FakeAiRequest) {
  const elements = sentElements(request).filter((e) => e.kind === 'app' || e.kind === 'store');
  const serviceOf = (e: SentElement) => (e.name.startsWith('billing') || e.name === 'rabbitmq' ? 'billing' : 'ordering');
  const systems = ['ordering', 'billing'].map((ref) => ({
    kind: 'element',
    action: 'add',
    ref,
    id: null,
    record: { kind: 'system', name: ref === 'ordering' ? 'Ordering' : 'Billing', description: null, technology: null, status: 'current', parentId: null, tags: [] },
    confidence: 0.8,
    rationale: 'One service folder.',
  }));
  const placed = elements.map((e) =>
    e.inModel
      ? { kind: 'element', action: 'update', ref: null, id: e.id, record: { kind: e.kind, name: e.name, description: null, technology: null, status: 'current', parentId: serviceOf(e), tags: [] }, confidence: 0.6, rationale: 'Lives in the service folder.' }
      : { kind: 'element', action: 'add', ref: null, id: e.id, record: { kind: e.kind, name: e.name, description: null, technology: null, status: 'current', parentId: serviceOf(e), tags: [] }, confidence: 0.7, rationale: 'Lives in the service folder.' },
  );
  return { items: [...systems, ...placed], notes: 'Grouped by folder.' };
}

describe('architecture proposals from a completed scan', () => {
  let m: ModelService;
  let fake: FakeAiServer;
  let root: string;
  let workspaceId: string;
  let project: Project;
  let sourceId: string;

  const admin = () => ({ session: m.admin.session });
  const P = () => `/api/projects/${project.id}`;

  async function scanned(): Promise<string> {
    const started = await m.api('POST', `${P()}/sources/${sourceId}/scans`, { ...admin(), json: { ref: null, includePaths: null, excludePaths: null } });
    expect(started.status, started.text).toBe(202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const scan = await m.api('GET', `${P()}/imports/${started.json.scanId}`, admin());
      if (scan.json.state === 'completed') return scan.json.id as string;
      expect(['queued', 'running'], JSON.stringify(scan.json)).toContain(scan.json.state);
      if (Date.now() > deadline) throw new Error(`scan still ${scan.json.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Jobs of the task still queued or running (a finished job is deleted; one that failed for good stays). */
  async function pendingJobs(): Promise<number> {
    const rows = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`.execute(m.database.db);
    return rows.rows[0]!.n;
  }

  async function jobsDone(): Promise<void> {
    const deadline = Date.now() + 30_000;
    while ((await pendingJobs()) > 0) {
      if (Date.now() > deadline) throw new Error('the job is still queued');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function proposalsOf(scanId: string): Promise<any[]> {
    const list = await m.api('GET', `${P()}/ai/architecture-proposals?scanId=${scanId}`, admin());
    expect(list.status, list.text).toBe(200);
    return list.json.items;
  }

  async function queueJobByHand(scanId: string): Promise<void> {
    await sql`select graphile_worker.add_job(${task}, json_build_object('scanId', ${scanId}::text, 'deferrals', 0))`.execute(m.database.db);
    await jobsDone();
  }

  async function aiCalls() {
    return m.database.db.selectFrom('ai_calls').select(['task', 'outcome', 'reason', 'actor']).where('workspace_id', '=', workspaceId).orderBy('at').execute();
  }

  beforeAll(async () => {
    root = await temporaryDirectory('svc-scan-ai-root-');
    await cp(fixture, join(root, 'shop'), { recursive: true });
    await mkdir(join(root, 'shop', '.git'), { recursive: true });
    await writeFile(join(root, 'shop', '.git', 'HEAD'), `${'a'.repeat(40)}\n`);
    m = await startModelService({ Svc__SourcesRoot: root });
    fake = await startFakeAi('openai');
    fake.respondWith(groupIntoServices);
    workspaceId = await m.createWorkspace('Scans and AI');
    project = await m.createProject(workspaceId, 'Shop');
    const source = await m.api('POST', `${P()}/sources`, { ...admin(), json: { kind: 'directory', name: 'Shop folder', repository: null, path: 'shop' } });
    expect(source.status, source.text).toBe(201);
    sourceId = source.json.id;
  }, 120_000);

  afterAll(async () => {
    await m?.stop();
    await fake?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('with inferArchitecture not routed, a completed scan queues no job, calls no provider and stores no proposal; a job run anyway reads the routing again and does nothing', async () => {
    const scanId = await scanned();
    expect(await pendingJobs()).toBe(0);
    expect(await proposalsOf(scanId)).toEqual([]);
    await queueJobByHand(scanId);
    expect(await proposalsOf(scanId)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    expect(await aiCalls()).toEqual([]);
  });

  let firstScan: string;

  it('with inferArchitecture routed, the completed scan gets one proposal naming it; the provider got fact names in the data block and no file content', async () => {
    await configureAiProvider({ serviceUrl: m.service.url, session: m.admin.session, workspaceId, server: fake, tasks: ['inferArchitecture'] });
    firstScan = await scanned();
    await jobsDone();
    const proposals = await proposalsOf(firstScan);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ kind: 'architecture', status: 'open', scanId: firstScan, submitted: false, request: null, createdBy: `user:${m.admin.id}`, provider: { kind: 'openai', model: 'gpt-4o-mini' }, droppedCount: 0 });
    const others = (await m.api('GET', `${P()}/ai/architecture-proposals`, admin())).json.items;
    expect(others.map((p: { id: string }) => p.id)).toEqual([proposals[0].id]);
    // An agent finds it by the scan too; another scan's ID finds nothing.
    const client = await connectMcp(m.service.url, await m.createToken(workspaceId, ['read']));
    try {
      const byScan = await callTool(client, 'list_proposals', { projectId: project.id, scanId: firstScan.toUpperCase() });
      expect(byScan.envelope.data.items.map((p: { id: string; scanId: string }) => [p.id, p.scanId])).toEqual([[proposals[0].id, firstScan]]);
      const none = await callTool(client, 'list_proposals', { projectId: project.id, scanId: '00000000-0000-4000-8000-000000000000' });
      expect(none.envelope.data.items).toEqual([]);
    } finally {
      await client.close();
    }

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    const block = dataBlockOf('openai', request);
    expect(block.parts.map((p) => p.label)).toEqual(['scan facts', 'model']);
    const elements = sentElements(request);
    const orders = elements.find((e) => e.key === 'element:app:orders')!;
    expect(orders).toMatchObject({ kind: 'app', name: 'orders', inModel: false });
    expect(orders.paths.some((p) => p.startsWith('services/orders/') || p === 'docker-compose.yml')).toBe(true);
    // The facts' names are in the data block only; our instructions outside it name none of them.
    for (const name of ['orders-db', 'rabbitmq', 'billing.order-placed']) {
      expect(block.parts[0]!.text).toContain(name);
      expect(block.outside).not.toContain(name);
    }
    for (const text of fileTexts) expect(request.rawBody).not.toContain(text);
    expect(block.schema).not.toBeNull();
    expect(await aiCalls()).toEqual([{ task: 'inferArchitecture', outcome: 'answered', reason: null, actor: `user:${m.admin.id}` }]);
  });

  it('decide accepts the grouping: the systems and the placed apps and stores are written as inferred; the scan\'s addition of an app then lands on the same record', async () => {
    const proposal = (await m.api('GET', `${P()}/ai/architecture-proposals/${(await proposalsOf(firstScan))[0].id}`, admin())).json;
    expect(proposal).toMatchObject({ scanId: firstScan, truthNote: 'AI proposal, not yet part of the model', dropped: [] });
    const decided = await m.api('POST', `${P()}/ai/architecture-proposals/${proposal.id}/decide`, { ...admin(), json: { accept: proposal.items.map((i: { id: string }) => i.id), reject: null } });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json).toMatchObject({ status: 'accepted', pending: 0 });

    const model = (await m.api('GET', `${P()}/export`, admin())).json;
    const ordering = model.elements.find((e: { kind: string; name: string }) => e.kind === 'system' && e.name === 'Ordering');
    const orders = model.elements.find((e: { kind: string; name: string }) => e.kind === 'app' && e.name === 'orders');
    const ordersItem = proposal.items.find((i: { record: { name: string } }) => i.record.name === 'orders');
    expect(ordering).toMatchObject({ factStatus: 'inferred', provenance: { source: `ai-proposal:${proposal.id} openai gpt-4o-mini`, confidence: 0.8 } });
    expect(orders).toMatchObject({ id: ordersItem.recordId, parentId: ordering.id, factStatus: 'inferred', provenance: { confidence: 0.7 } });
    expect(model.elements.find((e: { name: string }) => e.name === 'orders-db')).toMatchObject({ kind: 'store', parentId: ordering.id, factStatus: 'inferred' });

    // The scan's own proposal for the app, accepted now, labels the same record as observed and keeps its parent.
    const scanProposals = (await m.api('GET', `${P()}/imports/${firstScan}/proposals?limit=200`, admin())).json.items;
    const ordersFact = scanProposals.find((p: { factKey: string }) => p.factKey === 'element:app:orders');
    const accepted = await m.api('POST', `${P()}/imports/${firstScan}/proposals/decide`, { ...admin(), json: { accept: [ordersFact.id], reject: [] } });
    expect(accepted.status, accepted.text).toBe(200);
    const after = (await m.api('GET', `${P()}/export`, admin())).json.elements.filter((e: { kind: string; name: string }) => e.kind === 'app' && e.name === 'orders');
    expect(after).toEqual([expect.objectContaining({ id: orders.id, parentId: ordering.id, factStatus: 'observed-in-source' })]);
  });

  it('the job run again for the same scan stores nothing more and asks no provider', async () => {
    await queueJobByHand(firstScan);
    expect(await proposalsOf(firstScan)).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('a provider answering 500: the call record says provider-error, no proposal is stored, and the job is not tried again', async () => {
    fake.next({ kind: 'status', status: 500 });
    const scanId = await scanned();
    await jobsDone();
    expect(await proposalsOf(scanId)).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    expect((await aiCalls()).at(-1)).toEqual({ task: 'inferArchitecture', outcome: 'unavailable', reason: 'provider-error', actor: `user:${m.admin.id}` });
    // This scan saw the app in the model: the provider was told so, by the record's ID.
    const orders = sentElements(fake.requests[1]!).find((e) => e.key === 'element:app:orders')!;
    expect(orders.inModel).toBe(true);
  });
});
