import { decideArchitectureProposal as decide } from '../../lib/ai-proposals/decide-architecture-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { decideBody } from './proposal-inputs';
import { deciderOf } from './proposal-operations';

/**
 * POST P/ai/architecture-proposals/{proposalId}/decide (editor), `{accept, reject}`: accepted items
 * written in one change (inferred, with confidence and provenance); 200 the proposal; 400 an ID not
 * in the proposal or in both lists; 409 items_refused (nothing written) or decided already.
 */
export const decideArchitectureProposal: Operation = async (request) => {
  const decider = await deciderOf(request);
  const body = parseBody(decideBody, request.body);
  const row = await decide(decider, { accept: [...new Set(body.accept ?? [])], reject: [...new Set(body.reject ?? [])] });
  return jsonResponse(200, proposalView(row));
};
