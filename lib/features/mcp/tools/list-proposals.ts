import { z } from 'zod';
import { proposalKinds, proposalStatuses, listProposalPage, type ProposalPosition } from '../../ai-proposals/proposal-store';
import { proposalSummary } from '../../ai-proposals/proposal-views';
import { actorOf } from '../../../platform/http/caller';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const listProposals = defineTool({
  name: 'list_proposals',
  description: `Lists the AI design proposals of a project, newest first: flow proposals (a scenario and the records it needs) and architecture proposals (model changes with confidence). A proposal is not part of the model until a person accepts it. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    kind: z.enum(proposalKinds).nullable().optional().describe('flow or architecture; omit for both.'),
    status: z.enum(proposalStatuses).nullable().optional().describe('open, accepted or rejected.'),
    submitted: z.boolean().nullable().optional().describe('true: submitted by a person without AI; false: made by an AI provider.'),
    decided: z.boolean().nullable().optional().describe('true: accepted or rejected; false: open.'),
    scanId: z.guid().nullable().optional().describe('Only the architecture proposal that groups the facts of this scan into services.'),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/ai/flow-proposals',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const filter = { status: args.status ?? undefined, submitted: args.submitted ?? undefined, decided: args.decided ?? undefined, scanId: args.scanId?.toLowerCase() ?? undefined, actor: actorOf(context.caller) };
    const scope = `list_proposals:${project.id}:${args.kind ?? ''}:${filter.status ?? ''}:${filter.submitted ?? ''}:${filter.decided ?? ''}:${filter.scanId ?? ''}`;
    const after = readToolCursor<ProposalPosition>(context, scope, args.cursor);
    const page = await listProposalPage(context.runtime.db, { projectId: project.id, kind: args.kind ?? null, filter, after, limit: limitOf(args.limit) });
    const items = page.rows.map(proposalSummary);
    const cursorAfter = (item: unknown) => {
      const summary = item as { id: string; createdAt: string };
      return makeToolCursor(context, scope, { createdAt: summary.createdAt, id: summary.id } satisfies ProposalPosition);
    };
    const last = items.at(-1);
    return {
      projectId: project.id,
      truth: 'inferred',
      truthNote: truthNotes.proposal,
      data: { items },
      nextCursor: page.hasMore && last ? cursorAfter(last) : null,
      pagedList: { member: 'items', cursorAfter },
    };
  },
});
