import type { WebhookDelivery } from '../../../contracts/webhooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database, WebhookAttemptOutcome, WebhookEventStatus } from '../../platform/db/schema';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor';
import type { PartialSettings } from '../settings/settings-schema';
import type { CommentEventNames, CommentEventPayload } from './comment-event-payload';

type Db = Kysely<Database> | Transaction<Database>;

/** The queue task that delivers one webhook event. */
export const deliverWebhookTask = 'deliver-webhook';

/**
 * Runs of the job itself (graphile-worker's own retry, for a failure of ours such as the
 * database being away); the tries to reach the receiver are counted in webhook_delivery_attempts.
 */
const jobMaxAttempts = 5;

/**
 * The webhook URL as stored (the workspace's value over the instance default; empty is none),
 * before the policy is applied: an event is queued whenever one is set, and the URL rules and
 * the policy are applied when it is sent, where a refusal is recorded for the owner to see.
 */
export async function configuredWebhookUrl(db: Db, workspaceId: string): Promise<string | null> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('workspace_settings').select('overrides').where('workspace_id', '=', workspaceId).as('overrides'),
      eb.selectFrom('instance_settings').select('defaults').where('id', '=', true).as('defaults'),
    ])
    .executeTakeFirstOrThrow();
  const own = (row.overrides as PartialSettings | null)?.notifications?.webhookUrl;
  const url = own !== undefined ? own : ((row.defaults as PartialSettings | null)?.notifications?.webhookUrl ?? null);
  return url === '' ? null : url;
}

/** Workspace and project names, the actor and the people mentioned, as the payload shows them. */
export async function readCommentEventNames(
  db: Db,
  input: { workspaceId: string; projectId: string; actor: string; mentionedUserIds: readonly string[] },
): Promise<Omit<CommentEventNames, 'mentioned' | 'threadStatus'> & { mentioned: Map<string, NonNullable<CommentEventNames['mentioned']>> }> {
  const place = await db
    .selectFrom('projects')
    .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
    .select(['workspaces.name as workspace_name', 'projects.name as project_name'])
    .where('projects.id', '=', input.projectId)
    .where('projects.workspace_id', '=', input.workspaceId)
    .executeTakeFirst();
  if (!place) throw new Error(`project ${input.projectId} is not in workspace ${input.workspaceId}`);
  const separator = input.actor.indexOf(':');
  const kind = input.actor.slice(0, separator);
  const actorId = input.actor.slice(separator + 1);
  let actor: CommentEventNames['actor'];
  if (kind === 'agent-token') {
    const token = await db.selectFrom('agent_tokens').select('name').where('id', '=', actorId).where('workspace_id', '=', input.workspaceId).executeTakeFirst();
    actor = { kind: 'agent-token', id: actorId, name: token?.name ?? null, email: null };
  } else if (kind === 'user') {
    const user = await db.selectFrom('users').select(['name', 'email']).where('id', '=', actorId).executeTakeFirst();
    actor = { kind: 'user', id: actorId, name: user?.name ?? null, email: user?.email ?? null };
  } else {
    throw new Error(`comment event actor "${input.actor}" is neither user:<id> nor agent-token:<id>`);
  }
  const mentioned = new Map<string, NonNullable<CommentEventNames['mentioned']>>();
  if (input.mentionedUserIds.length > 0) {
    const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', [...new Set(input.mentionedUserIds)]).execute();
    for (const row of rows) mentioned.set(row.id, { id: row.id, name: row.name, email: row.email });
  }
  return { workspace: { id: input.workspaceId, name: place.workspace_name }, project: { id: input.projectId, name: place.project_name }, actor, mentioned };
}

/** The status of each thread as the caller's transaction sees it (a reply leaves a resolved thread resolved). */
export async function readThreadStatuses(db: Db, threadIds: readonly string[]): Promise<Map<string, 'open' | 'resolved'>> {
  const ids = [...new Set(threadIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comment_threads').select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** Adds the job that delivers an event (at `runAt`, or now); one job per event at a time (its job key). */
export async function queueDeliveryJob(db: Db, eventId: string, runAt: Date | null): Promise<void> {
  await sql`select graphile_worker.add_job(
    identifier => ${deliverWebhookTask}, payload => ${JSON.stringify({ eventId })}::json,
    run_at => ${runAt ? runAt.toISOString() : null}::timestamptz, max_attempts => ${jobMaxAttempts}::int,
    job_key => ${`webhook:${eventId}`})`.execute(db);
}

/**
 * Stores an event with its exact body and queues its delivery, in the caller's transaction.
 * An event already stored (same ID) is left as it is and not queued again.
 */
export async function insertWebhookEvent(
  trx: Transaction<Database>,
  event: { id: string; workspaceId: string; projectId: string; type: string; payload: string; occurredAt: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('webhook_events')
    .values({ id: event.id, workspace_id: event.workspaceId, project_id: event.projectId, type: event.type, payload: event.payload, occurred_at: event.occurredAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await queueDeliveryJob(trx, event.id, null);
  return true;
}

/** An event as the delivery job sees it. */
export interface ClaimedWebhookEvent {
  id: string;
  workspaceId: string;
  type: string;
  payload: string;
  /** Tries made before this one. */
  attempts: number;
}

/**
 * Takes a pending event for one try until `leaseUntil`; undefined when it is not pending (sent,
 * given up, gone) or another run holds it. This is what makes the job idempotent.
 */
export async function claimWebhookEvent(db: Db, eventId: string, now: Date, leaseUntil: Date): Promise<ClaimedWebhookEvent | undefined> {
  const row = await db
    .updateTable('webhook_events')
    .set({ lease_until: leaseUntil })
    .where('id', '=', eventId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning(['id', 'workspace_id', 'type', 'payload', 'attempts'])
    .executeTakeFirst();
  return row ? { id: row.id, workspaceId: row.workspace_id, type: row.type, payload: row.payload, attempts: row.attempts } : undefined;
}

/** One try as recorded. */
export interface DeliveryAttempt {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  targetOrigin: string | null;
  outcome: WebhookAttemptOutcome;
  statusCode: number | null;
  error: string | null;
}

/**
 * Records a try and where the event stands after it, in one transaction; with `nextTryAt` the
 * next try's job is added in it too, so a recorded failure is never left without its retry.
 * Answers false (nothing written) when the try was recorded already.
 */
export async function recordDeliveryAttempt(db: Kysely<Database>, eventId: string, attempt: DeliveryAttempt, after: { status: WebhookEventStatus; nextTryAt: Date | null; finishedAt: Date | null }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_events')
      .set({ status: after.status, attempts: attempt.attempt, next_try_at: after.nextTryAt, finished_at: after.finishedAt, lease_until: null })
      .where('id', '=', eventId)
      .where('status', '=', 'pending')
      .where('attempts', '=', attempt.attempt - 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        event_id: eventId,
        attempt: attempt.attempt,
        started_at: attempt.startedAt,
        duration_ms: attempt.durationMs,
        target_origin: attempt.targetOrigin,
        outcome: attempt.outcome,
        status_code: attempt.statusCode,
        error: attempt.error,
      })
      .execute();
    if (after.nextTryAt !== null) await queueDeliveryJob(trx, eventId, after.nextTryAt);
    return true;
  });
}

/** An event as GET W/webhook-deliveries lists it (contracts/webhooks.ts). */
export type WebhookDeliveryView = WebhookDelivery;

/** One page of a workspace's events, newest first, each with its tries in order; a signed cursor bound to the workspace. */
export async function webhookDeliveriesPage(db: Db, keyring: MasterKeyring, input: { workspaceId: string; cursor: string | undefined; limit: number }): Promise<{ items: WebhookDeliveryView[]; nextCursor: string | null }> {
  const scope = `webhook-deliveries:${input.workspaceId}`;
  const before = input.cursor ? decodeCursor<string>(keyring, scope, input.cursor) : null;
  let query = db
    .selectFrom('webhook_events')
    .select(['id', 'seq', 'type', 'project_id', 'status', 'payload', 'occurred_at', 'queued_at', 'next_try_at', 'finished_at'])
    .where('workspace_id', '=', input.workspaceId)
    .orderBy('seq', 'desc')
    .limit(input.limit + 1);
  if (before !== null) query = query.where('seq', '<', before);
  const rows = await query.execute();
  const page = rows.slice(0, input.limit);
  const attempts =
    page.length === 0
      ? []
      : await db
          .selectFrom('webhook_delivery_attempts')
          .selectAll()
          .where(
            'event_id',
            'in',
            page.map((row) => row.id),
          )
          .orderBy('event_id')
          .orderBy('attempt')
          .execute();
  const items = page.map((row) => ({
    id: row.id,
    type: row.type,
    projectId: row.project_id,
    status: row.status,
    occurredAt: row.occurred_at.toISOString(),
    queuedAt: row.queued_at.toISOString(),
    nextTryAt: row.next_try_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    payload: JSON.parse(row.payload) as CommentEventPayload,
    attempts: attempts
      .filter((a) => a.event_id === row.id)
      .map((a) => ({ attempt: a.attempt, at: a.started_at.toISOString(), durationMs: a.duration_ms, targetOrigin: a.target_origin, outcome: a.outcome, statusCode: a.status_code, error: a.error })),
  }));
  const last = page.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? encodeCursor(keyring, scope, last.seq) : null };
}

/** Days a finished event (sent, given up, not sent) and its tries are kept. */
export const finishedEventRetentionDays = 30;

/** Deletes finished events older than the retention; answers how many. */
export async function pruneFinishedWebhookEvents(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - finishedEventRetentionDays * 24 * 60 * 60 * 1000);
  const result = await db.deleteFrom('webhook_events').where('finished_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
