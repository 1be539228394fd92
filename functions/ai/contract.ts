import { z } from 'zod';
import { aiCallSchema, aiUsageSchema, explainDeltaSchema } from '../../lib/ai/ai-answer-schemas';
import { aiUnavailableAnswerSchema } from '../../lib/ai/ai-task';
import { pageQuery } from '../../lib/http/common-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { pageOf } from '../../lib/openapi/schema-kit';
import { explainRequest } from './ai-inputs';

export const contracts: GroupContracts = {
  explain: {
    body: explainRequest,
    responses: {
      200: {
        contentType: 'application/json',
        schema: z.union([explainDeltaSchema, aiUnavailableAnswerSchema]),
        description: 'The explain delta (`status` `answered`: AI output, never part of the model), or the AI unavailable answer (`status` `unavailable`).',
      },
      400: 'problem',
      404: 'problem',
      409: 'problem',
      429: 'problem',
    },
    access: { role: 'viewer' },
    description:
      'Asks the provider `ai.taskRouting.explain` names about a record, a trace event of a scenario run, or (target null) the whole model; only the call record is written. ' +
      '404 for an unknown branch or target (or a sequence the run does not have); 409 `private_code_refused`, or `conflict` on `target.runHash` when the run changed; 429 `rate_limited` past the provider\'s `requestsPerMinute`.',
    // No provider is configured in the fixture workspace: the AI unavailable answer.
    example: { as: 'readToken', body: { target: { kind: 'element', id: '{model_orders}' }, question: 'What does it do?', branchId: null } },
  },
  'list-calls': {
    query: pageQuery,
    responses: { 200: pageOf(aiCallSchema), 400: 'problem' },
    access: { role: 'owner', note: 'A person; an agent token gets 403.' },
    description: 'Every attempt that reached a routed provider, newest first: never prompt or answer text.',
    example: { query: { limit: '20' } },
  },
  'get-usage': {
    responses: { 200: aiUsageSchema },
    access: { role: 'owner', note: 'A person; an agent token gets 403.' },
    description: 'This UTC month\'s spend in exact decimal USD, in all and per provider (every provider of the settings, and any removed one that spent this month), against the budgets.',
    example: {},
  },
};
