import { z } from 'zod';
import type { ServiceRuntime } from '../../../platform/runtime/service-runtime';
import type { AiUnavailableAnswer } from '../ai-task';
import { runAiTask, type AiTaskDependencies } from '../run-ai-task';
import type { ExplainDelta } from '../../../../contracts/ai';
import { type ExplainTarget, existingCitations, explainMaterial } from './explain-material';

/**
 * The explain task (part 1, the explain path; docs/ai.md "Explain"): a question about a target,
 * answered by the provider `ai.taskRouting.explain` names, from the target's records as data.
 * The answer is AI output: its text is shown as the model wrote it and labelled so, and of the
 * IDs it cites only those the model read holds are kept.
 */

/** What the model must answer: an explanation and the IDs of the records it rests on. */
export const explainOutput = z.strictObject({
  explanation: z.string().refine((text) => text.trim() !== '' && text.length <= 20_000, 'must be 1 to 20000 characters'),
  citations: z.array(z.string()).max(50),
});

const instructions = [
  'You explain part of a software design model to a person working on it.',
  'The data block holds records of the model (elements, relationships, messages, operations, channels, scenarios, trace events of a scenario run) as JSON, and the person\'s question.',
  'The record labelled "target" is what the question is about; when there is none, the question is about the whole model shown.',
  'Explain in plain prose, at most a few paragraphs, using only what the records say; say so when they do not tell.',
  'In "citations" list the IDs of the records your explanation rests on, exactly as they appear in the records.',
].join('\n');

const defaultQuestion = 'Explain what this is, what it does in the design, and how it relates to the records around it.';

export const explainTruthNote = 'AI explanation, not part of the model and not checked against it; only the cited record IDs were checked to exist.';

/** Answers an explain request: the delta, or the unavailable answer. 404 for an unknown branch or target; 409 and 429 from the AI task. */
export async function explainModel(
  runtime: ServiceRuntime,
  input: { workspaceId: string; projectId: string; actor: string; target: ExplainTarget | null; question: string | null; branchId: string | null },
  dependencies: AiTaskDependencies = {},
): Promise<ExplainDelta | AiUnavailableAnswer> {
  const material = await explainMaterial(runtime.db, { projectId: input.projectId, branchId: input.branchId, target: input.target });
  const question = input.question?.trim() ? input.question : defaultQuestion;
  const outcome = await runAiTask(
    runtime,
    {
      workspaceId: input.workspaceId,
      projectId: input.projectId,
      task: 'explain',
      actor: input.actor,
      instructions,
      data: [...material.parts, { label: 'question', text: question, fromPrivateRepository: false }],
      output: explainOutput,
      outputName: 'explanation',
      maxOutputTokens: 4096,
    },
    dependencies,
  );
  if (outcome.kind === 'unavailable') return outcome.answer;
  const { citations, leftOut } = await existingCitations(runtime.db, { projectId: input.projectId, streamId: material.stream.id, ids: outcome.output.citations });
  return {
    status: 'answered',
    task: 'explain',
    target: input.target,
    branchId: input.branchId,
    modelVersion: material.stream.modelVersion,
    explanation: outcome.output.explanation,
    citations,
    citationsLeftOut: leftOut,
    truth: 'ai-output',
    truthNote: explainTruthNote,
    provider: { id: outcome.call.providerId, kind: outcome.call.providerKind, model: outcome.call.model },
    callId: outcome.call.callId,
  };
}
