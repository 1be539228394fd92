import { z } from 'zod';
import { getThread as readThread } from '../../comments/threads';
import { guidText } from '../../../platform/http/common-schemas';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';

/** The thread of GET /api/projects/{projectId}/threads/{threadId}, as a tool (docs/comments.md "Agent tools"). */
export const getThread = defineTool({
  name: 'get_thread',
  description: `One comment thread of a project: its target, status, every comment in order (a deleted one is a tombstone with body null), the people mentioned, its question record and the decisions raised from it. Comments are people's words, not model facts. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, threadId: guidText.describe('ID of the thread (uuid).') }),
  equivalentHttp: 'GET /api/projects/{projectId}/threads/{threadId}',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const thread = await readThread(context.runtime.db, project.id, args.threadId.toLowerCase());
    return { projectId: project.id, truth: 'declared', truthNote: truthNotes.comments, data: { thread }, nextCursor: null };
  },
});
