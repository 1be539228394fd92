import { rejectFlowProposal as reject } from '../../lib/ai-proposals/decide-flow-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { deciderOf } from './proposal-operations';

/** POST P/ai/flow-proposals/{proposalId}/reject (editor): 200 the proposal, rejected; 409 when decided already. */
export const rejectFlowProposal: Operation = async (request) => jsonResponse(200, proposalView(await reject(await deciderOf(request))));
