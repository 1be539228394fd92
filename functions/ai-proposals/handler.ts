import { createGroupHandler } from '../../lib/http/create-group-handler';
import { acceptFlowProposal } from './accept-flow-proposal';
import { createArchitectureProposal } from './create-architecture-proposal';
import { createArchitectureProposalFromDocument } from './create-architecture-proposal-from-document';
import { createFlowProposal } from './create-flow-proposal';
import { createMissingRecord } from './create-missing-record';
import { decideArchitectureProposal } from './decide-architecture-proposal';
import { deleteArchitectureProposal } from './delete-architecture-proposal';
import { deleteFlowProposal } from './delete-flow-proposal';
import { getArchitectureProposal } from './get-architecture-proposal';
import { getFlowProposal } from './get-flow-proposal';
import { listArchitectureProposals } from './list-architecture-proposals';
import { listFlowProposals } from './list-flow-proposals';
import { rejectFlowProposal } from './reject-flow-proposal';
import { submitArchitectureProposal } from './submit-architecture-proposal';
import { submitFlowProposal } from './submit-flow-proposal';

export const handler = createGroupHandler('ai-proposals', {
  'list-flow-proposals': listFlowProposals,
  'create-flow-proposal': createFlowProposal,
  'submit-flow-proposal': submitFlowProposal,
  'get-flow-proposal': getFlowProposal,
  'delete-flow-proposal': deleteFlowProposal,
  'accept-flow-proposal': acceptFlowProposal,
  'reject-flow-proposal': rejectFlowProposal,
  'create-missing-record': createMissingRecord,
  'list-architecture-proposals': listArchitectureProposals,
  'create-architecture-proposal': createArchitectureProposal,
  'create-architecture-proposal-from-document': createArchitectureProposalFromDocument,
  'submit-architecture-proposal': submitArchitectureProposal,
  'get-architecture-proposal': getArchitectureProposal,
  'delete-architecture-proposal': deleteArchitectureProposal,
  'decide-architecture-proposal': decideArchitectureProposal,
});
