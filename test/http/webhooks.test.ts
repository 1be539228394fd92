import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLinkBase } from '../../lib/platform/http/event-link-base';
import { queueCommentEvents } from '../../lib/features/comments/comment-events';
import type { CommentEvent } from '../../lib/features/webhooks/comment-event';
import { readServiceConfig } from '../../lib/platform/config/service-config';
import type { ServiceRuntime } from '../../lib/platform/runtime/service-runtime';
import { commentEventPayloadSchema } from '../../lib/features/webhooks/comment-event-payload';
import { call, expectProblem, insertPerson, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { fencedBlocks } from '../support/markdown-blocks';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { commentCreatedEvent } from '../support/comment-events';

/**
 * Comment webhooks as the service runs them (part 2 "Events"; docs/webhooks.md): events queued
 * in a transaction against the service's database, delivered by the service's own
 * graphile-worker to a receiver on 127.0.0.1 that checks every signature with the
 * verification snippet of docs/webhooks.md, and the owner's delivery log over HTTP.
 */
const setupToken = 'webhooks-test-setup-token-01';
const webhookSecret = 'whsec webhooks-test ✓ 42';
type VerifySignature = (rawBody: Buffer | string, header: string, secret: string, toleranceSeconds?: number, nowSeconds?: number) => boolean;

interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  verified: boolean;
}

describe('comment webhooks delivered by the service worker', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let receiver: Server;
  let hookUrl: string;
  let verifySvcSignature: VerifySignature;
  let snippetFolder: string;
  const deliveries: Delivery[] = [];
  /** Statuses the receiver answers in turn (then 200). */
  const answers: number[] = [];
  let owner: string;
  let ownerId: string;
  let editor: string;
  let outsider: string;
  let workspaceId: string;
  let projectId: string;

  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, options);
  const deliveriesPath = (query = '') => `/api/workspaces/${workspaceId}/webhook-deliveries${query}`;

  async function signIn(email: string): Promise<string> {
    const answer = await api('POST', '/api/auth/login', { json: { email, password: strongPassword } });
    expect(answer.status).toBe(200);
    return sessionCookieOf(answer).value;
  }

  async function saveWebhookUrl(url: string | null): Promise<void> {
    const current = await api('GET', `/api/workspaces/${workspaceId}/settings`, { session: owner });
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { session: owner, json: { notifications: { webhookUrl: url } }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
    if (url === null) return;
    const secret = await api('PUT', `/api/workspaces/${workspaceId}/secrets/${encodeURIComponent('notifications:webhookSecret')}`, { session: owner, json: { value: webhookSecret } });
    expect(secret.status, secret.text).toBe(204);
  }

  async function savePolicy(allowPrivateNetworkUrls: boolean): Promise<void> {
    const current = await api('GET', '/api/instance/settings', { session: owner });
    const policy = { ...current.json.policy, allowPrivateNetworkUrls };
    const saved = await api('PUT', '/api/instance/settings', { session: owner, json: { policy, defaults: current.json.defaults }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  function commentEvent(overrides: Partial<CommentEvent> = {}): CommentEvent {
    return commentCreatedEvent({ workspaceId, projectId, userId: ownerId, occurredAt: new Date() }, overrides);
  }

  /** Queues as a comment operation would: inside the transaction that writes the comment. */
  async function queue(events: CommentEvent[], linkBase: string | null): Promise<void> {
    await database.db.transaction().execute((trx) => queueCommentEvents(trx, events, { linkBase }));
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function logEntry(eventId: string): Promise<any> {
    const answer = await api('GET', deliveriesPath('?limit=200'), { session: owner });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.items.find((item: { id: string }) => item.id === eventId);
  }

  beforeAll(async () => {
    // The verification snippet exactly as docs/webhooks.md prints it, as a module.
    const snippet = fencedBlocks(resolve(import.meta.dirname, '../../docs/webhooks.md')).find((block) => block.info.includes('verify-signature'));
    expect(snippet, 'docs/webhooks.md has a ```js verify-signature block').toBeDefined();
    snippetFolder = await mkdtemp(join(tmpdir(), 'svc-webhook-snippet-'));
    const file = join(snippetFolder, 'verify.mjs');
    await writeFile(file, `${snippet!.text}\nexport { verifySvcSignature };\n`);
    ({ verifySvcSignature } = (await import(pathToFileURL(file).href)) as { verifySvcSignature: VerifySignature });

    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const header = request.headers['svc-signature'];
        deliveries.push({ path: request.url ?? '', headers: request.headers, body, verified: typeof header === 'string' && verifySvcSignature(body, header, webhookSecret) });
        response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/svc`;

    database = await createTestDatabase();
    service = await startServiceProcess({
      ConnectionStrings__DefaultConnection: database.url,
      Svc__SetupToken: setupToken,
      // Docs "Environment": for tests, a short first retry wait and try limit.
      Svc__Webhooks__BackoffBaseMs: '20',
      Svc__Webhooks__TimeoutMs: '3000',
    });
    const setup = await api('POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    expect(setup.status).toBe(201);
    owner = sessionCookieOf(setup).value;
    workspaceId = setup.json.workspace.id;
    ownerId = (await database.db.selectFrom('users').select('id').where('email', '=', 'owner@example.test').executeTakeFirstOrThrow()).id;
    const project = await api('POST', `/api/workspaces/${workspaceId}/projects`, { session: owner, json: { name: 'Shop' } });
    expect(project.status, project.text).toBe(201);
    projectId = project.json.id;
    await insertPerson(database.db, { email: 'editor@example.test', name: 'Ed Editor', password: strongPassword }, [{ workspaceId, role: 'editor' }]);
    await insertPerson(database.db, { email: 'outsider@example.test', name: 'Out Sider', password: strongPassword });
    editor = await signIn('editor@example.test');
    outsider = await signIn('outsider@example.test');
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    if (snippetFolder) await rm(snippetFolder, { recursive: true, force: true });
  });

  it('with no webhook URL set, a comment queues no event and no job, so nothing is ever sent', async () => {
    await queue([commentEvent()], null);
    expect(await database.db.selectFrom('webhook_events').select('id').execute()).toEqual([]);
    const jobs = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'deliver-webhook'`.execute(database.db);
    expect(jobs.rows[0]!.n).toBe(0);
    expect(deliveries).toEqual([]);
  });

  it('answered 500 twice then 200: three signed tries of the same bytes, all recorded in the owner’s delivery log', async () => {
    await saveWebhookUrl(hookUrl);
    answers.push(500, 500);
    const before = deliveries.length;
    // The local profile without Svc__PublicUrl, as the service under test runs: no link.
    const localRequest = { runtime: { config: readServiceConfig({}, '/srv') } as ServiceRuntime, client: { address: '127.0.0.1', scheme: 'http' as const }, headers: { host: new URL(service.url).host } };
    const linkBase = eventLinkBase(localRequest);
    expect(linkBase).toBeNull();
    const event = commentEvent();
    await queue([event], linkBase);
    const eventId = (await database.db.selectFrom('webhook_events').select('id').executeTakeFirstOrThrow()).id;

    const entry = await until(
      'the event delivered',
      () => logEntry(eventId),
      (e) => e?.status === 'delivered',
    );
    const sent = deliveries.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.every((d) => d.verified)).toBe(true);
    expect(sent.map((d) => d.headers['svc-delivery-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(sent.map((d) => d.body.toString('utf8'))).size).toBe(1);
    expect(sent.map((d) => [d.path, d.headers['content-type'], d.headers['svc-event-id'], d.headers['svc-event-type']])).toEqual(Array(3).fill(['/hooks/svc', 'application/json', eventId, 'comment.created']));
    expect(sent[0]!.headers['user-agent']).toMatch(/^svc-webhooks\/\d+\.\d+\.\d+/);

    const payload = commentEventPayloadSchema.parse(JSON.parse(sent[0]!.body.toString('utf8')));
    expect(payload).toMatchObject({ id: eventId, type: 'comment.created', link: null, thread: { id: event.threadId, status: 'open' }, comment: { id: event.commentId }, workspace: { id: workspaceId }, project: { id: projectId, name: 'Shop' } });
    expect(payload.actor).toEqual({ kind: 'user', id: ownerId, name: 'Olive Owner', email: 'owner@example.test' });

    // The snippet refuses what it must: other bytes, another secret, an old time.
    const header = sent[0]!.headers['svc-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySvcSignature(Buffer.from(sent[0]!.body.toString('utf8').replace('Shop', 'Shoq')), header, webhookSecret)).toBe(false);
    expect(verifySvcSignature(sent[0]!.body, header, `${webhookSecret}x`)).toBe(false);
    expect(verifySvcSignature(sent[0]!.body, header, webhookSecret, 300, Number(/t=(\d+)/.exec(header)![1]) + 301)).toBe(false);

    expect(entry).toMatchObject({ id: eventId, type: 'comment.created', projectId, status: 'delivered', nextTryAt: null, payload });
    expect(entry.attempts.map((a: any) => [a.attempt, a.outcome, a.statusCode, a.targetOrigin])).toEqual([
      [1, 'http-status', 500, new URL(hookUrl).origin],
      [2, 'http-status', 500, new URL(hookUrl).origin],
      [3, 'delivered', 200, new URL(hookUrl).origin],
    ]);
    expect(entry.attempts.every((a: any) => Number.isInteger(a.durationMs) && a.durationMs >= 0 && !Number.isNaN(Date.parse(a.at)))).toBe(true);
  });

  it('the delivery log is the owner’s: newest first, paged with a cursor bound to it; an editor gets 403, a stranger 404', async () => {
    await queue([commentEvent(), commentEvent({ type: 'comment.resolved', commentId: null })], 'https://design.example.com');
    await until(
      'both delivered',
      () => database.db.selectFrom('webhook_events').select('status').execute(),
      (rows) => rows.length === 3 && rows.every((r) => r.status === 'delivered'),
    );
    const first = await api('GET', deliveriesPath('?limit=2'), { session: owner });
    expect(first.status).toBe(200);
    expect(first.json.items.map((i: any) => i.type)).toEqual(['comment.resolved', 'comment.created']);
    expect(first.json.items[0].payload.link).toMatch(new RegExp(`^https://design\\.example\\.com/w/${workspaceId}/p/${projectId}/comments/[0-9a-f-]{36}$`));
    const second = await api('GET', deliveriesPath(`?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`), { session: owner });
    expect(second.json.items).toHaveLength(1);
    expect(second.json.nextCursor).toBeNull();
    expect(expectProblem(await api('GET', deliveriesPath('?cursor=not-a-cursor'), { session: owner }), 400).errors[0]!.field).toBe('cursor');
    expectProblem(await api('GET', deliveriesPath(), { session: editor }), 403);
    expectProblem(await api('GET', deliveriesPath(), { session: outsider }), 404);
    expectProblem(await api('GET', deliveriesPath()), 401);
  });

  it('end to end: a thread with a mention, then resolved, then a reply: the receiver sees each event, signed, with no link in the local profile', async () => {
    await saveWebhookUrl(hookUrl);
    const view = await api('POST', `/api/projects/${projectId}/views`, { session: owner, json: { name: 'Landscape', rootElementId: null } });
    expect(view.status, view.text).toBe(201);
    const before = deliveries.length;
    const threads = `/api/projects/${projectId}/threads`;
    const made = await api('POST', threads, { session: owner, json: { target: { kind: 'view', id: view.json.id }, body: 'Should **checkout** own the basket?', mentions: ['editor@example.test'] } });
    expect(made.status, made.text).toBe(201);
    expect((await api('POST', `${threads}/${made.json.id}/resolve`, { session: owner })).status).toBe(200);
    const reply = await api('POST', `${threads}/${made.json.id}/replies`, { session: editor, json: { body: 'Agreed, done.' } });
    expect(reply.status, reply.text).toBe(201);

    const sent = await until(
      'four events received',
      async () => deliveries.slice(before),
      (d) => d.length >= 4,
    );
    expect(sent.every((d) => d.verified)).toBe(true);
    const payloads = sent.map((d) => commentEventPayloadSchema.parse(JSON.parse(d.body.toString('utf8'))));
    const byType = (type: string) => payloads.filter((p) => p.type === type);
    const editorId = (await database.db.selectFrom('users').select('id').where('email', '=', 'editor@example.test').executeTakeFirstOrThrow()).id;
    const firstComment = made.json.comments[0].id;
    expect(byType('comment.mentioned')).toMatchObject([{ comment: { id: firstComment }, mentioned: { id: editorId, name: 'Ed Editor', email: 'editor@example.test' }, actor: { kind: 'user', id: ownerId } }]);
    expect(byType('comment.resolved')).toMatchObject([{ comment: null, mentioned: null, thread: { id: made.json.id, status: 'resolved' } }]);
    const created = byType('comment.created');
    expect(created.map((p) => [p.comment?.id, p.thread.status, p.actor.id])).toEqual(
      expect.arrayContaining([
        [firstComment, 'open', ownerId],
        [reply.json.id, 'resolved', editorId],
      ]),
    );
    expect(created).toHaveLength(2);
    for (const p of payloads) {
      expect(p).toMatchObject({ workspace: { id: workspaceId }, project: { id: projectId, name: 'Shop' }, target: { kind: 'view', id: view.json.id, draftId: null }, link: null });
      expect(sent.find((d) => d.headers['svc-event-id'] === p.id)!.headers['svc-event-type']).toBe(p.type);
    }
    // The words stay in the service.
    expect(sent.some((d) => d.body.toString('utf8').includes('checkout'))).toBe(false);
  });

  it('with policy.allowPrivateNetworkUrls false, a stored URL whose name is a private address is not called', async () => {
    // Saved while the policy allowed it; the policy changes afterwards (part 2: the value stays stored and does not apply).
    await saveWebhookUrl(hookUrl.replace('127.0.0.1', 'localhost'));
    await savePolicy(false);
    try {
      const before = deliveries.length;
      const event = commentEvent();
      await queue([event], null);
      const row = await database.db.selectFrom('webhook_events').select('id').where('payload', 'like', `%${event.threadId}%`).executeTakeFirstOrThrow();
      const entry = await until(
        'the event stopped',
        () => logEntry(row.id),
        (e) => e?.status === 'not-sent',
      );
      expect(entry.attempts).toMatchObject([{ attempt: 1, outcome: 'url-refused', statusCode: null }]);
      expect(entry.attempts[0]!.error).toMatch(/private, loopback or link-local/);
      expect(deliveries.length).toBe(before);
    } finally {
      await savePolicy(true);
    }
  });
});
