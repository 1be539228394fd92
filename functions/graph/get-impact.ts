import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { graphDepth, impactAnswer, type GraphPosition } from '../../lib/core/graph/graph-answers';
import { impactTargetKinds } from '../../lib/core/graph/impact';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { guidText, pageCursor, pageLimit, queryWholeNumber } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { factStatusSchema } from '../../contracts/facts';
import { staleMarkSchema } from '../../contracts/model';
import { readStreamOf } from '../../lib/core/model/stream-store';
import { guid } from '../../contracts/schema-kit';
import { readStreamQuery } from '../model/model-request';
import { pageMembers } from './graph-page-members';

const impactQuery = z.strictObject({
  kind: z.enum(impactTargetKinds, `must be one of ${impactTargetKinds.join(', ')}`),
  id: guidText,
  maxDepth: queryWholeNumber(1, graphDepth.impact.max).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
  ...readStreamQuery,
});

const node = z.object({
  id: guid,
  kind: z.string(),
  name: z.string(),
  depth: z.number().int(),
  via: z.object({ kind: z.enum(['relationship', 'message', 'subscription', 'dead-letter', 'binding', 'operation']), id: guid, name: z.string().nullable(), fromId: guid }),
  factStatus: factStatusSchema,
  stale: staleMarkSchema.nullable(),
});
const use = z.object({ id: guid, name: z.string(), reason: z.string(), recordId: guid });

/**
 * `?kind=&id=`: what depends on an element, operation, channel or schema,
 * transitively; the answer of the get_impact tool (`data` with `nextCursor`,
 * elements paged). Main, or `?branchId=` / `?revisionId=`.
 */
export const getImpact = defineRoute({
  group: 'graph',
  operation: 'get-impact',
  method: 'GET',
  path: '/api/projects/{projectId}/impact',
  auth: 'signed-in',
  summary: 'What depends on an element, operation, channel or schema, transitively: elements, scenarios, views, promises (viewer)',
  query: impactQuery,
  answers: {
    200: z.object({
      target: z.object({ kind: z.enum(['element', 'operation', 'channel', 'schema']), id: guid, name: z.string() }),
      maxDepth: z.number().int(),
      modelVersion: z.number().int(),
      counts: z.object({ elements: z.number().int(), channels: z.number().int(), scenarios: z.number().int(), views: z.number().int(), promises: z.number().int() }),
      elements: z.array(node),
      channels: z.array(node),
      scenarios: z.array(use),
      views: z.array(use),
      promises: z.array(use.extend({ requirementNumber: z.number().int() })),
      ...pageMembers,
    }),
    400: 'problem',
    404: 'problem',
    409: 'problem',
  },
  access: { role: 'viewer' },
  description: 'The answer of the get_impact tool: elements paged, the other lists at most 200 items each.',
  example: { as: 'viewer', query: { kind: 'element', id: '{model_orders}' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(impactQuery, query);
    const stream = await readStreamOf(runtime.db, project.id, input);
    const id = input.id.toLowerCase();
    const maxDepth = input.maxDepth ?? graphDepth.impact.default;
    const scope = `impact:${stream.id}:${input.kind}:${id}:${maxDepth}`;
    const position = input.cursor ? decodeCursor<GraphPosition>(runtime.keyring, scope, input.cursor) : null;
    const answer = await impactAnswer(runtime.db, { projectId: project.id, streamId: stream.id, kind: input.kind, id, maxDepth, position, limit: input.limit });
    return jsonResponse(200, { ...answer.data, nextCursor: answer.next ? encodeCursor(runtime.keyring, scope, answer.next) : null, notice: answer.notice ?? null });
  },
});
