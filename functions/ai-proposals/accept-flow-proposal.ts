import { acceptFlowProposal as accept } from '../../lib/ai-proposals/decide-flow-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { acceptFlowBody } from './proposal-inputs';
import { deciderOf } from './proposal-operations';

/**
 * POST P/ai/flow-proposals/{proposalId}/accept (editor), body null, empty or `{scenarioId?, name?}`:
 * writes the scenario with origin ai-proposal; 200 the proposal; 409 proposal_stale when the model moved
 * or a missing record is not created, 409 conflict when decided already.
 */
export const acceptFlowProposal: Operation = async (request) => {
  const decider = await deciderOf(request);
  const body = request.body === undefined ? null : parseBody(acceptFlowBody, request.body);
  const row = await accept(decider, { scenarioId: body?.scenarioId ?? null, name: body?.name ?? null });
  return jsonResponse(200, proposalView(row));
};
