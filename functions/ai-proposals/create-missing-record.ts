import { createMissingItem } from '../../lib/ai-proposals/decide-flow-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { deciderOf } from './proposal-operations';

/**
 * POST P/ai/flow-proposals/{proposalId}/missing/{alias}/create (editor): writes the record into the
 * proposal's branch or main through the model's edit path; 200 the proposal with the alias bound;
 * 400 unknown alias or a record the model's rules refuse; 409 created already, decided, or a record it names not created.
 */
export const createMissingRecord: Operation = async (request) => {
  const decider = await deciderOf(request);
  return jsonResponse(200, proposalView(await createMissingItem(decider, request.pathParameters.alias ?? '')));
};
