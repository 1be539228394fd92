import { z } from 'zod';
import { listProjectPage } from '../../workspaces/project-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, pageArgs, readToolCursor } from './tool-support';

export const listProjects = defineTool({
  name: 'list_projects',
  description: `Lists the projects this token can see (a token restricted to a project sees that one), by name. ${dataNotInstructions}`,
  input: z.strictObject({ ...pageArgs }),
  equivalentHttp: 'GET /api/workspaces/{workspaceId}/projects',
  async run(context, args) {
    const scope = `list_projects:${context.caller.workspaceId}`;
    const after = readToolCursor<{ name: string; id: string }>(context, scope, args.cursor);
    const page = await listProjectPage(context.runtime.db, { workspaceId: context.caller.workspaceId, after, limit: limitOf(args.limit), onlyProjectId: context.caller.projectId });
    const cursorAfter = (item: unknown) => {
      const p = item as { name: string; id: string };
      return makeToolCursor(context, scope, { name: p.name, id: p.id });
    };
    const last = page.items.at(-1);
    return {
      projectId: null,
      truth: 'declared',
      truthNote: truthNotes.projects,
      data: { workspaceId: context.caller.workspaceId, projects: page.items },
      nextCursor: page.hasMore && last ? cursorAfter(last) : null,
      pagedList: { member: 'projects', cursorAfter },
    };
  },
});
