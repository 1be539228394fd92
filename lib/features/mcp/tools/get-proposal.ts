import { z } from 'zod';
import { findProposal } from '../../ai-proposals/proposal-store';
import { proposalView } from '../../ai-proposals/proposal-views';
import { guidText } from '../../../platform/http/common-schemas';
import { NotFoundError } from '../../../platform/errors/service-error';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';

export const getProposal = defineTool({
  name: 'get_proposal',
  description: `One AI design proposal of a project: a flow proposal's scenario and missing records, or an architecture proposal's items with confidence, rationale and decisions and the items dropped by the model's rules. Not part of the model until a person accepts it. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, proposalId: guidText.describe('ID of the proposal (uuid).') }),
  equivalentHttp: 'GET /api/projects/{projectId}/ai/flow-proposals/{proposalId}',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const row = await findProposal(context.runtime.db, project.id, null, args.proposalId.toLowerCase());
    if (!row) throw new NotFoundError('Proposal not found', `No proposal ${args.proposalId} in the project.`);
    return { projectId: project.id, truth: 'inferred', truthNote: truthNotes.proposal, data: { proposal: proposalView(row) }, nextCursor: null };
  },
});
