import type { ServiceRuntime } from '../runtime/service-runtime';
import type { AiTaskOutcome, AiTaskRequest } from './ai-task';

/**
 * Runs one AI task (see lib/ai/ai-task.ts). Until the provider clients are in
 * place every task is unavailable, as it is for a workspace with no provider.
 * Throws an `HttpProblem` 429 (with `Retry-After`) past a provider's `requestsPerMinute`,
 * and a 409 when privacy refuses the request; every other failure is the unavailable answer.
 */
export async function runAiTask<Output>(_runtime: ServiceRuntime, request: AiTaskRequest<Output>): Promise<AiTaskOutcome<Output>> {
  return {
    kind: 'unavailable',
    answer: { status: 'unavailable', task: request.task, reason: 'no-provider', detail: `No AI provider serves the task ${request.task}.`, providerId: null, callId: null },
  };
}
