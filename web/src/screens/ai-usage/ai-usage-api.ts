/**
 * The owner's view of AI calls and spend (docs/ai.md "Call records"): this UTC month's spend
 * against the budgets, and the call records newest first. Amounts are decimal text in USD,
 * shown as they come and never read into a float; budgets are the settings' numbers.
 */
import type { AiCall, AiUsage, ProviderSpend } from '../../../../contracts/ai';
import { call } from '../../api/call';

export type { AiCall, AiUsage, ProviderSpend };
export type AiCallOutcome = AiCall['outcome'];

export const aiUsageApi = {
  usage: (workspaceId: string, signal: AbortSignal) => call('GET /api/workspaces/{workspaceId}/ai/usage', { workspaceId }, { signal }),
  calls: (workspaceId: string, cursor: string | null, limit: number, signal: AbortSignal) => call('GET /api/workspaces/{workspaceId}/ai/calls', { workspaceId }, { query: { cursor, limit }, signal }),
};

/** Why a call gave the unavailable answer, in words (docs/ai.md "The unavailable answer"). */
const reasonWords: Record<string, string> = {
  'no-provider': 'no enabled provider serves the task',
  'address-refused': 'the provider’s address breaks the URL rules',
  'missing-key': 'no API key saved for the provider’s address',
  'provider-budget': 'the provider’s monthly budget is spent',
  'workspace-budget': 'the workspace’s monthly AI budget is spent',
  'provider-error': 'the provider answered an error or could not be reached',
  timeout: 'no complete answer within the time limit',
  'invalid-output': 'the answer was not of the expected shape',
};

export function reasonInWords(reason: string): string {
  return reasonWords[reason] ?? reason;
}

/** A budget as the settings hold it (a JSON number), in the words of the screen. */
export function budgetText(budgetUsd: number | null): string {
  return budgetUsd === null ? 'no limit' : `${budgetUsd} USD`;
}

/** A budget is spent when nothing is left: the API never answers a negative remainder. */
export function budgetSpent(leftUsd: string | null): boolean {
  return leftUsd !== null && /^0(\.0*)?$/.test(leftUsd);
}
