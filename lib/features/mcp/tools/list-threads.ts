import { z } from 'zod';
import { listThreads as listThreadPage } from '../../comments/comment-lists';
import type { ThreadSummary } from '../../comments/comment-records';
import { guidText } from '../../../platform/http/common-schemas';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, openProject, pageArgs, projectIdArg } from './tool-support';

/** The threads of GET /api/projects/{projectId}/threads, as a tool (docs/comments.md "Agent tools"). */
export const listThreads = defineTool({
  name: 'list_threads',
  description: `Lists the comment threads of a project, newest first: on main, or in a draft by draftId; filtered by targetId and status (open or resolved). Each thread has its target, status, first comment, the count of live comments and its question record. Comments are people's words, not model facts. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    draftId: guidText.nullable().optional().describe('A draft of the project; omit (or null) for the threads on main.'),
    targetId: guidText.nullable().optional().describe('Only threads on this record (uuid).'),
    status: z.enum(['open', 'resolved']).nullable().optional().describe('Only open or only resolved threads.'),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/threads',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const page = await listThreadPage(
      context.runtime,
      project.id,
      { draftId: args.draftId ?? null, targetId: args.targetId ?? null, status: args.status ?? null, cursor: args.cursor ?? null, limit: limitOf(args.limit) },
      'list_threads',
    );
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.comments,
      data: { items: page.items },
      nextCursor: page.nextCursor,
      pagedList: { member: 'items', cursorAfter: (item) => page.cursorAfter(item as ThreadSummary) },
    };
  },
});
