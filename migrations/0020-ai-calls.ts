import { sql, type Kysely } from 'kysely';

/**
 * AI calls (part 1 "AI design proposals"; docs/ai.md "Call records").
 *
 * - `ai_calls`: one row per attempt to use an AI provider: the task, the provider and model, the
 *   tokens the provider reported (or an estimate when it reported none), the cost in USD from the
 *   price table of lib/features/ai/model-prices.ts, the duration and the outcome. Never prompt text. The
 *   budgets of `ai.providers[].monthlyBudgetUsd` and `usage.monthlyAiBudgetUsd` are the sums of
 *   `cost_usd` over a UTC calendar month, so a row outlives its project (the project ID is
 *   cleared, the spend stays); a deleted workspace takes its rows with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ai_calls (
      id uuid primary key,
      workspace_id uuid not null references workspaces (id) on delete cascade,
      project_id uuid references projects (id) on delete set null,
      task text not null,
      provider_id uuid not null,
      provider_kind text not null,
      model text not null,
      outcome text not null check (outcome in ('answered', 'unavailable', 'rate-limited')),
      reason text,
      input_tokens integer not null check (input_tokens >= 0),
      output_tokens integer not null check (output_tokens >= 0),
      usage_estimated boolean not null,
      cost_usd numeric not null check (cost_usd >= 0),
      duration_ms integer not null check (duration_ms >= 0),
      streamed boolean not null,
      actor text not null,
      at timestamptz not null
    );
    create index ai_calls_workspace_at_idx on ai_calls (workspace_id, at desc, id desc);
    create index ai_calls_provider_at_idx on ai_calls (workspace_id, provider_id, at);
  `.execute(db);
}
