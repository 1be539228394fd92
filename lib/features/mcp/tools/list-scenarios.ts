import { z } from 'zod';
import { listScenarioPage } from '../../scenarios/scenario-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const listScenarios = defineTool({
  name: 'list_scenarios',
  description: `Lists the scenarios of a project (ID and name) in name order. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, ...pageArgs }),
  equivalentHttp: 'GET /api/projects/{projectId}/scenarios',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const scope = `list_scenarios:${project.id}`;
    const after = readToolCursor<{ name: string; id: string }>(context, scope, args.cursor);
    const page = await listScenarioPage(context.runtime.db, { projectId: project.id, after, limit: limitOf(args.limit) });
    const cursorAfter = (item: unknown) => {
      const s = item as { name: string; id: string };
      return makeToolCursor(context, scope, { name: s.name, id: s.id });
    };
    const last = page.items.at(-1);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.scenario,
      data: { items: page.items },
      nextCursor: page.hasMore && last ? cursorAfter(last) : null,
      pagedList: { member: 'items', cursorAfter },
    };
  },
});
