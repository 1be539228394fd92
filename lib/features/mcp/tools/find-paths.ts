import { z } from 'zod';
import { guidText } from '../../../platform/http/common-schemas';
import { graphDepth, pathsAnswer, type GraphPosition } from '../../../core/graph/graph-answers';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const findPaths = defineTool({
  name: 'find_paths',
  description: `The paths from one element to another over relationships (fromId → toId) and message flows (producer → each consumer) of the main model: simple paths of at most maxDepth edges, shortest first, each with its elements in order and its edges named (relationship label or message name, factStatus, stale). Paged with cursor and limit (paths per page). ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    fromId: guidText.describe('The element the paths start at (uuid).'),
    toId: guidText.describe('The element the paths end at (uuid).'),
    maxDepth: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(graphDepth.paths.max, `must be at most ${graphDepth.paths.max}`)
      .nullable()
      .optional()
      .describe(`Most edges a path may have, 1 to ${graphDepth.paths.max} (default ${graphDepth.paths.default}).`),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/paths',
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const fromId = args.fromId.toLowerCase();
    const toId = args.toId.toLowerCase();
    const maxDepth = args.maxDepth ?? graphDepth.paths.default;
    const scope = `find_paths:${project.id}:${fromId}:${toId}:${maxDepth}`;
    const position = readToolCursor<GraphPosition>(context, scope, args.cursor);
    const limit = limitOf(args.limit);
    const answer = await pathsAnswer(context.runtime.db, { projectId: project.id, streamId: stream.id, fromId, toId, maxDepth, position, limit });
    const first = position?.at ?? 0;
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, { v: answer.data.modelVersion, at: first + answer.data.paths.indexOf(item as (typeof answer.data.paths)[number]) + 1 } satisfies GraphPosition);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.graph,
      data: answer.data,
      nextCursor: answer.next ? makeToolCursor(context, scope, answer.next) : null,
      notice: answer.notice,
      pagedList: { member: 'paths', cursorAfter },
    };
  },
});
