import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { queueCommentEvents } from '../comments/comment-events';
import type { CommentEvent } from './comment-event';
import { toMasterKey, type MasterKeyring } from '../../platform/crypto/master-key';
import { saveSecret } from '../secrets/secret-store';
import { builtInPolicy } from '../settings/settings-schema';
import { readWorkspaceSettings, writeInstanceSettings, writeWorkspaceSettings } from '../settings/settings-store';
import { commentEventPayloadSchema } from './comment-event-payload';
import { deliverWebhookEvent, type WebhookDeliveryDependencies } from './deliver-webhook-event';
import { retryDelayMs, webhookMaxTries } from './delivery-schedule';
import { webhookSignature } from './webhook-signature';
import { commentCreatedEvent } from '../../../test/support/comment-events';

/**
 * Queueing and one try at a time, in this process against the migrated test database, with the
 * resolver injected (what a name means is the test's to decide). The worker-driven run, the
 * documented verification snippet and the HTTP delivery log are in test/http/webhooks.test.ts.
 */
const ring: MasterKeyring = { current: toMasterKey(Buffer.alloc(32, 5)), previous: null };
const secret = 'whsec delivery-test ✓';
const clockStart = new Date('2026-11-24T09:00:00.000Z');

describe('comment events: queueing and delivery tries', () => {
  let database: TestDatabase;
  let receiver: Server;
  let receiverPort: number;
  let answers: number[] = [];
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let workspaceId: string;
  let projectId: string;
  let ownerId: string;
  let mentionedId: string;
  let tokenId: string;
  let clock = clockStart;
  const asked: string[] = [];
  /** Names of the test: anything under example.test is the loopback receiver. */
  const resolveHost = async (host: string) => {
    asked.push(host);
    if (host.endsWith('.example.test')) return ['127.0.0.1'];
    throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  };
  const deps = (): WebhookDeliveryDependencies => ({
    db: database.db,
    keyring: ring,
    profile: 'local',
    now: () => clock,
    resolveHost,
    timeoutMs: 2000,
    backoffBaseMs: 1000,
    userAgent: 'svc-webhooks/test',
  });

  async function setWebhook(url: string | null, options: { secretFor?: string | null } = {}) {
    const current = await readWorkspaceSettings(database.db, workspaceId);
    await writeWorkspaceSettings(database.db, { workspaceId, expectedVersion: current.version, overrides: { notifications: { webhookUrl: url } }, now: clock });
    const origin = options.secretFor === undefined ? (url ? new URL(url).origin : null) : options.secretFor;
    await saveSecret(database.db, ring, { workspaceId, name: 'notifications:webhookSecret', origin, value: secret, actor: 'user:test', at: clock });
  }

  async function setPolicy(allowPrivateNetworkUrls: boolean) {
    const row = await database.db.selectFrom('instance_settings').select('version').executeTakeFirst();
    await writeInstanceSettings(database.db, { expectedVersion: row?.version ?? 0, policy: { ...builtInPolicy('local'), allowPrivateNetworkUrls }, defaults: {}, now: clock });
  }

  function event(overrides: Partial<CommentEvent> = {}): CommentEvent {
    return commentCreatedEvent({ workspaceId, projectId, userId: ownerId, occurredAt: new Date('2026-11-24T08:59:59.500Z') }, overrides);
  }

  async function queue(events: CommentEvent[], linkBase: string | null = null): Promise<string[]> {
    const before = await database.db.selectFrom('webhook_events').select('id').execute();
    await database.db.transaction().execute((trx) => queueCommentEvents(trx, events, { linkBase }));
    const after = await database.db.selectFrom('webhook_events').select('id').orderBy('seq').execute();
    const known = new Set(before.map((r) => r.id));
    return after.map((r) => r.id).filter((id) => !known.has(id));
  }

  const attemptsOf = (eventId: string) => database.db.selectFrom('webhook_delivery_attempts').selectAll().where('event_id', '=', eventId).orderBy('attempt').execute();
  const eventRow = (eventId: string) => database.db.selectFrom('webhook_events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
  const jobsOf = async (eventId: string) =>
    (
      await sql<{ task_identifier: string; run_at: Date; payload: unknown; revision: number }>`
        select t.identifier as task_identifier, j.run_at, j.payload, j.revision
        from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where j.key = ${`webhook:${eventId}`}`.execute(database.db)
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [workspace] = await database.db.insertInto('workspaces').values({ name: 'Acme Design' }).returning('id').execute();
    workspaceId = workspace!.id;
    const [project] = await database.db.insertInto('projects').values({ workspace_id: workspaceId, name: 'Shop' }).returning('id').execute();
    projectId = project!.id;
    const users = await database.db
      .insertInto('users')
      .values([
        { email: 'olive@example.test', name: 'Olive Owner', password_hash: null },
        { email: 'ed@example.test', name: 'Ed Editor', password_hash: null },
      ])
      .returning('id')
      .execute();
    ownerId = users[0]!.id;
    mentionedId = users[1]!.id;
    const [token] = await database.db
      .insertInto('agent_tokens')
      .values({ workspace_id: workspaceId, project_id: null, name: 'ci-bot', scopes: ['read'], token_hash: 'x'.repeat(64), created_by: ownerId, created_at: clock, expires_at: null, revoked_at: null, last_used_at: null })
      .returning('id')
      .execute();
    tokenId = token!.id;
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverPort = (receiver.address() as AddressInfo).port;
  });

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    await database?.drop();
  });

  beforeEach(async () => {
    received.length = 0;
    asked.length = 0;
    answers = [];
    clock = clockStart;
    await setPolicy(true);
  });

  it('with no webhook URL queues nothing: no event row, no job', async () => {
    await setWebhook(null);
    expect(await queue([event()])).toEqual([]);
    const jobs = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'deliver-webhook'`.execute(database.db);
    expect(jobs.rows[0]!.n).toBe(0);
    await setWebhook('');
    expect(await queue([event()])).toEqual([]);
  });

  it('stores each event with its finished body and one job, once even when queued twice; the payload names people and places', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const created = event();
    const mentioned = event({ ...created, type: 'comment.mentioned', mentionedUserId: mentionedId, threadId: created.threadId, commentId: created.commentId });
    const ids = await queue([created, mentioned], 'https://design.example.com/');
    expect(ids).toHaveLength(2);
    expect(await queue([created, mentioned], 'https://design.example.com/')).toEqual([]);
    const rows = await database.db.selectFrom('webhook_events').selectAll().where('id', 'in', ids).orderBy('seq').execute();
    const payloads = rows.map((row) => commentEventPayloadSchema.parse(JSON.parse(row.payload)));
    expect(payloads[0]).toEqual({
      id: ids[0],
      type: 'comment.created',
      occurredAt: '2026-11-24T08:59:59.500Z',
      workspace: { id: workspaceId, name: 'Acme Design' },
      project: { id: projectId, name: 'Shop' },
      thread: { id: created.threadId, status: 'open' },
      comment: { id: created.commentId },
      actor: { kind: 'user', id: ownerId, name: 'Olive Owner', email: 'olive@example.test' },
      target: created.target,
      mentioned: null,
      link: `https://design.example.com/w/${workspaceId}/p/${projectId}/comments/${created.threadId}`,
    });
    expect(payloads[1]).toMatchObject({ type: 'comment.mentioned', mentioned: { id: mentionedId, name: 'Ed Editor', email: 'ed@example.test' } });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    for (const id of ids) expect((await jobsOf(id)).map((j) => [j.task_identifier, j.payload])).toEqual([['deliver-webhook', { eventId: id }]]);
    // Delivered so later tests start from an empty queue of this URL.
    for (const id of ids) expect(await deliverWebhookEvent(deps(), id)).toBe('delivered');
  });

  it('no link without a link base; an agent token as actor; a resolved thread', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const [id] = await queue([event({ type: 'comment.resolved', commentId: null, actor: `agent-token:${tokenId}`, target: { kind: 'view', id: 'v-1', draftId: 'd-9' } })], null);
    const payload = commentEventPayloadSchema.parse(JSON.parse((await eventRow(id!)).payload));
    expect(payload).toMatchObject({ type: 'comment.resolved', link: null, comment: null, mentioned: null, thread: { status: 'resolved' }, actor: { kind: 'agent-token', id: tokenId, name: 'ci-bot', email: null }, target: { kind: 'view', id: 'v-1', draftId: 'd-9' } });
    expect(await deliverWebhookEvent(deps(), id!)).toBe('delivered');
  });

  it('the thread status is the stored one: a reply to a resolved thread says resolved', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const threadId = crypto.randomUUID();
    await database.db
      .insertInto('comment_threads')
      .values({ id: threadId, project_id: projectId, draft_id: null, target_kind: 'element', target_id: crypto.randomUUID(), status: 'resolved', created_by: `user:${ownerId}`, created_at: clock, updated_at: clock, resolved_by: `user:${ownerId}`, resolved_at: clock })
      .execute();
    const [id] = await queue([event({ threadId })]);
    expect(JSON.parse((await eventRow(id!)).payload).thread).toEqual({ id: threadId, status: 'resolved' });
    expect(await deliverWebhookEvent(deps(), id!)).toBe('delivered');
  });

  it('sends the stored bytes signed, with the documented headers; a delivered event is not sent again', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc?k=1`);
    const [id] = await queue([event()]);
    const stored = (await eventRow(id!)).payload;
    expect(await deliverWebhookEvent(deps(), id!)).toBe('delivered');
    expect(await deliverWebhookEvent(deps(), id!)).toBe('not-pending');
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(stored);
    expect(received[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'svc-webhooks/test',
      'svc-event-id': id,
      'svc-event-type': 'comment.created',
      'svc-delivery-attempt': '1',
      'svc-signature': webhookSignature(secret, stored, clockStart),
      host: `hooks.example.test:${receiverPort}`,
    });
    expect(asked).toEqual(['hooks.example.test']);
    expect(await attemptsOf(id!)).toMatchObject([{ attempt: 1, outcome: 'delivered', status_code: 200, error: null, target_origin: `http://hooks.example.test:${receiverPort}` }]);
    expect(await eventRow(id!)).toMatchObject({ status: 'delivered', attempts: 1, next_try_at: null, lease_until: null });
    // Only the job queueing added (the worker removes it when the run returns); no retry was added over it.
    expect((await jobsOf(id!)).map((j) => j.revision)).toEqual([0]);
  });

  it('a failed try records itself and adds the next job at base × 2^(n−1); after the last try the event is failed', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const [id] = await queue([event()]);
    answers = Array(webhookMaxTries).fill(503);
    for (let n = 1; n <= webhookMaxTries; n++) {
      const outcome = await deliverWebhookEvent(deps(), id!);
      if (n < webhookMaxTries) {
        expect(outcome).toBe('retry-scheduled');
        const due = new Date(clock.getTime() + retryDelayMs(n, 1000));
        expect((await eventRow(id!)).next_try_at).toEqual(due);
        expect((await jobsOf(id!)).map((j) => j.run_at)).toEqual([due]);
        clock = due;
      } else {
        expect(outcome).toBe('failed');
      }
    }
    expect(received.map((r) => r.headers['svc-delivery-attempt'])).toEqual(Array.from({ length: webhookMaxTries }, (_, i) => String(i + 1)));
    const attempts = await attemptsOf(id!);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.status_code])).toEqual(Array.from({ length: webhookMaxTries }, (_, i) => [i + 1, 'http-status', 503]));
    expect(await eventRow(id!)).toMatchObject({ status: 'failed', attempts: webhookMaxTries, next_try_at: null });
    expect(await deliverWebhookEvent(deps(), id!)).toBe('not-pending');
    expect(received).toHaveLength(webhookMaxTries);
  });

  it('a try while another run holds the event does nothing', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const [id] = await queue([event()]);
    await database.db.updateTable('webhook_events').set({ lease_until: new Date(clock.getTime() + 30_000) }).where('id', '=', id!).execute();
    expect(await deliverWebhookEvent(deps(), id!)).toBe('not-pending');
    expect(received).toEqual([]);
    clock = new Date(clock.getTime() + 31_000);
    expect(await deliverWebhookEvent(deps(), id!)).toBe('delivered');
  });

  it('with policy.allowPrivateNetworkUrls false, a name that resolves to a private address is not called', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const [id] = await queue([event()]);
    await setPolicy(false);
    expect(await deliverWebhookEvent(deps(), id!)).toBe('not-sent');
    expect(received).toEqual([]);
    expect(asked).toEqual(['hooks.example.test']);
    const [attempt] = await attemptsOf(id!);
    expect(attempt).toMatchObject({ attempt: 1, outcome: 'url-refused', status_code: null });
    expect(attempt!.error).toMatch(/private, loopback or link-local/);
    expect(await eventRow(id!)).toMatchObject({ status: 'not-sent', next_try_at: null });
  });

  it('a secret saved for another origin is never used: nothing is sent, the try says no-secret', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`, { secretFor: 'https://old-hooks.example.test' });
    const [id] = await queue([event()]);
    expect(await deliverWebhookEvent(deps(), id!)).toBe('not-sent');
    expect(received).toEqual([]);
    expect(await attemptsOf(id!)).toMatchObject([{ outcome: 'no-secret', target_origin: `http://hooks.example.test:${receiverPort}` }]);
  });

  it('the URL is read again at send time: removed since queueing, nothing is sent', async () => {
    await setWebhook(`http://hooks.example.test:${receiverPort}/svc`);
    const [id] = await queue([event()]);
    await setWebhook(null);
    expect(await deliverWebhookEvent(deps(), id!)).toBe('not-sent');
    expect(received).toEqual([]);
    expect(await attemptsOf(id!)).toMatchObject([{ outcome: 'no-url', target_origin: null }]);
  });

  it('a receiver that does not answer in time is a timeout try, retried', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      await setWebhook(`http://slow.example.test:${(hanging.address() as AddressInfo).port}/`);
      const [id] = await queue([event()]);
      expect(await deliverWebhookEvent({ ...deps(), timeoutMs: 150 }, id!)).toBe('retry-scheduled');
      expect(await attemptsOf(id!)).toMatchObject([{ outcome: 'timeout', status_code: null, error: 'no answer within 150 ms' }]);
    } finally {
      hanging.closeAllConnections();
      await new Promise((r) => hanging.close(r));
    }
  });
});
