import type { AiUsage } from '../../../contracts/ai';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ExactDecimal, decimalText } from '../../platform/money/exact-decimal';
import type { SettingsDocument } from '../settings/settings-schema';
import { monthSpend, utcMonthOf } from './ai-budgets';
import { modelPriceListedIn } from './model-prices';

/** What is left of a budget (never below 0), or null without one. */
function left(budgetUsd: number | null, spent: ExactDecimal): string | null {
  if (budgetUsd === null) return null;
  return decimalText(ExactDecimal.max(0, new ExactDecimal(String(budgetUsd)).minus(spent)));
}

/**
 * The answer of `GET W/ai/usage` (docs/ai.md "Call records"): this UTC month's spend of the
 * workspace against `usage.monthlyAiBudgetUsd`, and of each provider against its
 * `monthlyBudgetUsd`: every provider of the settings, and any other that spent this month (a
 * removed one, `name` null). Amounts are exact decimal text in USD.
 */
export async function aiUsageSummary(db: Kysely<Database>, input: { workspaceId: string; settings: SettingsDocument; now: Date }): Promise<AiUsage> {
  const { month, start, end } = utcMonthOf(input.now);
  const spend = await monthSpend(db, input.workspaceId, input.now);
  const zero = { costUsd: new ExactDecimal(0), calls: 0 };
  const configured = input.settings.ai.providers.map((provider) => {
    const used = spend.byProvider.get(provider.id) ?? zero;
    return {
      providerId: provider.id,
      name: provider.name as string | null,
      kind: provider.kind as string | null,
      model: provider.model as string | null,
      enabled: provider.enabled as boolean | null,
      calls: used.calls,
      costUsd: decimalText(used.costUsd),
      monthlyBudgetUsd: provider.monthlyBudgetUsd,
      budgetLeftUsd: left(provider.monthlyBudgetUsd, used.costUsd),
      requestsPerMinute: provider.requestsPerMinute,
    };
  });
  const known = new Set(configured.map((p) => p.providerId));
  const removed = [...spend.byProvider.entries()]
    .filter(([id]) => !known.has(id))
    .map(([providerId, used]) => ({ providerId, name: null, kind: null, model: null, enabled: null, calls: used.calls, costUsd: decimalText(used.costUsd), monthlyBudgetUsd: null, budgetLeftUsd: null, requestsPerMinute: null }));
  const workspaceBudgetUsd = input.settings.usage.monthlyAiBudgetUsd;
  return {
    month,
    monthStart: start.toISOString(),
    monthEnd: end.toISOString(),
    totalUsd: decimalText(spend.total),
    workspaceBudgetUsd,
    workspaceBudgetLeftUsd: left(workspaceBudgetUsd, spend.total),
    providers: [...configured, ...removed],
    pricesListedIn: modelPriceListedIn,
  };
}
