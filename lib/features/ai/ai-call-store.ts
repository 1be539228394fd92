import type { AiCall } from '../../../contracts/ai';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ExactDecimal } from '../../platform/money/exact-decimal';
import type { AiUnavailableReason } from './ai-task';

type Db = Kysely<Database> | Transaction<Database>;

/** One attempt to use a provider (docs/ai.md "Call records"); never prompt text. */
export interface AiCallRecord {
  id: string;
  workspaceId: string;
  projectId: string | null;
  task: string;
  providerId: string;
  providerKind: string;
  model: string;
  outcome: 'answered' | 'unavailable' | 'rate-limited';
  reason: AiUnavailableReason | null;
  inputTokens: number;
  outputTokens: number;
  usageEstimated: boolean;
  /** Exact decimal text, USD. */
  costUsd: string;
  durationMs: number;
  streamed: boolean;
  actor: string;
  at: Date;
}

/** Writes a call record. */
export async function insertAiCall(db: Db, call: AiCallRecord): Promise<void> {
  await db
    .insertInto('ai_calls')
    .values({
      id: call.id,
      workspace_id: call.workspaceId,
      project_id: call.projectId,
      task: call.task,
      provider_id: call.providerId,
      provider_kind: call.providerKind,
      model: call.model,
      outcome: call.outcome,
      reason: call.reason,
      input_tokens: call.inputTokens,
      output_tokens: call.outputTokens,
      usage_estimated: call.usageEstimated,
      cost_usd: call.costUsd,
      duration_ms: call.durationMs,
      streamed: call.streamed,
      actor: call.actor,
      at: call.at,
    })
    .execute();
}

/** A call record as `GET W/ai/calls` answers it (contracts/ai.ts). */
export type AiCallView = AiCall;

/** Where a page of calls ended: newest first, by time then ID. */
export interface AiCallPosition {
  at: string;
  id: string;
}

/** A page of a workspace's call records, newest first, after `before` (the last item of the previous page). */
export async function listAiCalls(db: Db, input: { workspaceId: string; before: AiCallPosition | null; limit: number }): Promise<{ items: AiCallView[]; hasMore: boolean }> {
  let query = db.selectFrom('ai_calls').selectAll().where('workspace_id', '=', input.workspaceId).orderBy('at', 'desc').orderBy('id', 'desc').limit(input.limit + 1);
  const before = input.before;
  if (before) query = query.where((eb) => eb.or([eb('at', '<', new Date(before.at)), eb.and([eb('at', '=', new Date(before.at)), eb('id', '<', before.id)])]));
  const rows = await query.execute();
  const items = rows.slice(0, input.limit).map((row) => ({
    id: row.id,
    task: row.task,
    providerId: row.provider_id,
    providerKind: row.provider_kind,
    model: row.model,
    outcome: row.outcome,
    reason: row.reason,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    usageEstimated: row.usage_estimated,
    costUsd: new ExactDecimal(row.cost_usd).toFixed(),
    durationMs: row.duration_ms,
    streamed: row.streamed,
    actor: row.actor,
    projectId: row.project_id,
    at: row.at.toISOString(),
  }));
  return { items, hasMore: rows.length > input.limit };
}

/** Spend of a workspace from `from` (inclusive) to `to` (exclusive), per provider and call counts; exact decimals. */
export async function spendBetween(db: Db, input: { workspaceId: string; from: Date; to: Date }): Promise<{ providerId: string; costUsd: ExactDecimal; calls: number }[]> {
  const rows = await db
    .selectFrom('ai_calls')
    .select(['provider_id', sql<string>`coalesce(sum(cost_usd), 0)::text`.as('cost'), sql<string>`count(*)::text`.as('calls')])
    .where('workspace_id', '=', input.workspaceId)
    .where('at', '>=', input.from)
    .where('at', '<', input.to)
    .groupBy('provider_id')
    .orderBy('provider_id')
    .execute();
  return rows.map((row) => ({ providerId: row.provider_id, costUsd: new ExactDecimal(row.cost), calls: Number(row.calls) }));
}
