import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { graphDepth, pathsAnswer, type GraphPosition } from '../../lib/core/graph/graph-answers';
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

const pathsQuery = z.strictObject({
  fromId: guidText,
  toId: guidText,
  maxDepth: queryWholeNumber(1, graphDepth.paths.max).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
  ...readStreamQuery,
});

const edge = z.object({ via: z.enum(['relationship', 'message']), id: guid, name: z.string().nullable(), fromId: guid, toId: guid, factStatus: factStatusSchema, stale: staleMarkSchema.nullable() });

/**
 * `?fromId=&toId=`: the paths between two elements over relationships and
 * message flows, shortest first, paged; the answer of the find_paths tool
 * (`data` with `nextCursor`). Main, or `?branchId=` / `?revisionId=`.
 */
export const findPaths = defineRoute({
  group: 'graph',
  operation: 'find-paths',
  method: 'GET',
  path: '/api/projects/{projectId}/paths',
  auth: 'signed-in',
  summary: 'Paths between two elements over relationships and message flows, shortest first (viewer)',
  query: pathsQuery,
  answers: {
    200: z.object({
      fromId: guid,
      toId: guid,
      maxDepth: z.number().int(),
      modelVersion: z.number().int(),
      shortestLength: z.number().int().nullable(),
      paths: z.array(z.object({ length: z.number().int(), elements: z.array(z.object({ id: guid, name: z.string().nullable(), kind: z.string().nullable() })), edges: z.array(edge) })),
      ...pageMembers,
    }),
    400: 'problem',
    404: 'problem',
    409: 'problem',
  },
  access: { role: 'viewer' },
  description: 'The answer of the find_paths tool; 409 for a cursor of an earlier model version.',
  example: { as: 'readToken', query: { fromId: '{model_customer}', toId: '{model_checkout}', maxDepth: '4' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(pathsQuery, query);
    const stream = await readStreamOf(runtime.db, project.id, input);
    const fromId = input.fromId.toLowerCase();
    const toId = input.toId.toLowerCase();
    const maxDepth = input.maxDepth ?? graphDepth.paths.default;
    const scope = `paths:${stream.id}:${fromId}:${toId}:${maxDepth}`;
    const position = input.cursor ? decodeCursor<GraphPosition>(runtime.keyring, scope, input.cursor) : null;
    const answer = await pathsAnswer(runtime.db, { projectId: project.id, streamId: stream.id, fromId, toId, maxDepth, position, limit: input.limit });
    return jsonResponse(200, { ...answer.data, nextCursor: answer.next ? encodeCursor(runtime.keyring, scope, answer.next) : null, notice: answer.notice ?? null });
  },
});
