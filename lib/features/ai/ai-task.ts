import type { z } from 'zod';
import type { AiUnavailableAnswer } from '../../../contracts/ai';
import type { aiTasks } from '../settings/settings-schema';

/**
 * The one door to an AI provider (part 1 "AI design proposals", part 2 `ai.*`,
 * `privacy.*`, `usage.monthlyAiBudgetUsd`). Proposals and explanations say what
 * they need (a task, instructions, the model text as data, the shape of the
 * answer); `runAiTask` (lib/features/ai/run-ai-task.ts) picks the provider from the
 * task routing, checks privacy, limits and budgets, calls it, validates the
 * answer against the schema and records the call.
 */

export type AiTask = (typeof aiTasks)[number];

/**
 * Why no answer came. A stable code: clients branch on it.
 * - `no-provider`: the task routes to no provider, or to one that is disabled or refused by policy.
 * - `missing-key`: the provider's key `ai:<id>:apiKey` is not stored or no longer opens.
 * - `provider-error`: the provider answered an error status or could not be reached.
 * - `timeout`: no answer within the provider's `timeoutSeconds`.
 * - `invalid-output`: the answer was not JSON or not of the asked shape.
 * - `provider-budget`: the provider's `monthlyBudgetUsd` is spent for this UTC month.
 * - `workspace-budget`: `usage.monthlyAiBudgetUsd` is spent for this UTC month.
 * - `address-refused`: the provider's address resolves to a private network address the policy forbids.
 */
export { aiUnavailableReasons, type AiUnavailableReason } from '../../../contracts/ai';

/** The 200 "AI unavailable" answer of part 1, the same body on every AI endpoint (contracts/ai.ts). */
export { aiUnavailableAnswerSchema, type AiUnavailableAnswer } from '../../../contracts/ai';

/** A piece of text from the model, a repository or a person: placed in the prompt's delimited data block, never as instructions. */
export interface AiDataPart {
  /** What the part is, e.g. `model`, `request`, `document docs/design.md`. */
  label: string;
  text: string;
  /**
   * True when the text comes from a private repository (a Source document, evidence windows):
   * with `privacy.sendPrivateCodeToAi` false the request is refused before anything is sent.
   */
  fromPrivateRepository: boolean;
}

export interface AiTaskRequest<Output> {
  workspaceId: string;
  projectId: string;
  task: AiTask;
  /** `user:<id>` or `agent-token:<id>`, as in `lastChangedBy`. */
  actor: string;
  /** Our instructions: fixed text written in code, never model text. */
  instructions: string;
  data: readonly AiDataPart[];
  /** The answer's shape: sent as the structured-output schema and checked after the fact. */
  output: z.ZodType<Output>;
  /** A name for the schema (`[A-Za-z0-9_-]`, as OpenAI requires). */
  outputName: string;
  /** Most tokens the answer may use (default `defaultMaxOutputTokens`); caps what one call can spend. */
  maxOutputTokens?: number;
}

/** Output tokens one answer may use unless the task says otherwise. */
export const defaultMaxOutputTokens = 8192;

/** What was called, for provenance and the call record. */
export interface AiCallSummary {
  callId: string;
  providerId: string;
  providerKind: string;
  model: string;
}

export type AiTaskOutcome<Output> = { kind: 'answered'; output: Output; call: AiCallSummary } | { kind: 'unavailable'; answer: AiUnavailableAnswer };
