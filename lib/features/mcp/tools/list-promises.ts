import { z } from 'zod';
import { readPromiseListPage } from '../../promises/promise-views';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const listPromises = defineTool({
  name: 'list_promises',
  description: `Lists the promises (requirements) of a project in requirement-number order, with state, revisions, counts of run results and whether evidence has gaps. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, ...pageArgs }),
  equivalentHttp: 'GET /api/projects/{projectId}/promises',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const scope = `list_promises:${project.id}`;
    const afterNumber = readToolCursor<number>(context, scope, args.cursor);
    const page = await readPromiseListPage(context.runtime.db, { projectId: project.id, afterNumber, limit: limitOf(args.limit) });
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, Number((item as { requirementId: string }).requirementId.slice(1)));
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.promise,
      data: { items: page.items },
      nextCursor: page.hasMore && page.lastNumber !== null ? makeToolCursor(context, scope, page.lastNumber) : null,
      pagedList: { member: 'items', cursorAfter },
    };
  },
});
