import { z } from 'zod';
import { guidText } from '../../../platform/http/common-schemas';
import { graphDepth, impactAnswer, type GraphPosition } from '../../../core/graph/graph-answers';
import { impactTargetKinds } from '../../../core/graph/impact';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const getImpact = defineTool({
  name: 'get_impact',
  description: `What depends on an element, operation, channel or schema of the main model, transitively within maxDepth steps: the elements (paged, nearest first, each with its depth and the record it depends through) and channels reached, the scenarios that use any of them, the views that show them and the promises that cite them. An element depends on the elements its relationships lead to and on the producers of the messages it consumes; a consumer on its subscription's channel and dead-letter channel; a channel on the channels bound to it; an operation's owner on the operation; a message's producer and consumers and an operation's owner on their schema. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    kind: z.enum(impactTargetKinds, `must be one of ${impactTargetKinds.join(', ')}`).describe('What the ID names: element, operation, channel or schema.'),
    id: guidText.describe('ID of the record (uuid).'),
    maxDepth: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(graphDepth.impact.max, `must be at most ${graphDepth.impact.max}`)
      .nullable()
      .optional()
      .describe(`Most steps from the record, 1 to ${graphDepth.impact.max} (default ${graphDepth.impact.default}).`),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/impact',
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const id = args.id.toLowerCase();
    const maxDepth = args.maxDepth ?? graphDepth.impact.default;
    const scope = `get_impact:${project.id}:${args.kind}:${id}:${maxDepth}`;
    const position = readToolCursor<GraphPosition>(context, scope, args.cursor);
    const answer = await impactAnswer(context.runtime.db, { projectId: project.id, streamId: stream.id, kind: args.kind, id, maxDepth, position, limit: limitOf(args.limit) });
    const first = position?.at ?? 0;
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, { v: answer.data.modelVersion, at: first + answer.data.elements.indexOf(item as (typeof answer.data.elements)[number]) + 1 } satisfies GraphPosition);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.graph,
      data: answer.data,
      nextCursor: answer.next ? makeToolCursor(context, scope, answer.next) : null,
      notice: answer.notice,
      pagedList: { member: 'elements', cursorAfter },
    };
  },
});
