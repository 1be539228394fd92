import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ExactDecimal, sumOf } from '../../platform/money/exact-decimal';
import { spendBetween } from './ai-call-store';

/**
 * Monthly AI budgets (part 2 `ai.providers[].monthlyBudgetUsd`, `usage.monthlyAiBudgetUsd`;
 * docs/ai.md "Limits"): the spend of a UTC calendar month is the sum of the recorded costs of
 * that month, read from PostgreSQL before each call, so every instance sees every other's spend.
 */

/** The UTC calendar month `now` falls in: `[start, end)` and its name `YYYY-MM`. */
export function utcMonthOf(now: Date): { month: string; start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { month: start.toISOString().slice(0, 7), start, end };
}

export interface MonthSpend {
  month: string;
  total: ExactDecimal;
  byProvider: ReadonlyMap<string, { costUsd: ExactDecimal; calls: number }>;
}

/** What a workspace spent in the UTC month of `now`, in all and per provider. */
export async function monthSpend(db: Kysely<Database>, workspaceId: string, now: Date): Promise<MonthSpend> {
  const { month, start, end } = utcMonthOf(now);
  const rows = await spendBetween(db, { workspaceId, from: start, to: end });
  return { month, total: sumOf(rows.map((r) => r.costUsd)), byProvider: new Map(rows.map((r) => [r.providerId, { costUsd: r.costUsd, calls: r.calls }])) };
}

/**
 * Which budget, if any, refuses a call now: the provider's, then the workspace's. A budget is
 * spent when the month's spend has reached it (a budget of 0 refuses every call). Calls in flight
 * at the same time each pass this check, so a month can end above a budget by what those calls
 * cost (docs/ai.md "Limits").
 */
export async function spentBudget(
  db: Kysely<Database>,
  input: { workspaceId: string; providerId: string; providerBudgetUsd: number | null; workspaceBudgetUsd: number | null; now: Date },
): Promise<'provider-budget' | 'workspace-budget' | null> {
  if (input.providerBudgetUsd === null && input.workspaceBudgetUsd === null) return null;
  const spend = await monthSpend(db, input.workspaceId, input.now);
  const providerSpend = spend.byProvider.get(input.providerId)?.costUsd ?? new ExactDecimal(0);
  if (input.providerBudgetUsd !== null && providerSpend.greaterThanOrEqualTo(String(input.providerBudgetUsd))) return 'provider-budget';
  if (input.workspaceBudgetUsd !== null && spend.total.greaterThanOrEqualTo(String(input.workspaceBudgetUsd))) return 'workspace-budget';
  return null;
}
