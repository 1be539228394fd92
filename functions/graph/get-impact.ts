import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { graphDepth, impactAnswer, type GraphPosition } from '../../lib/graph/graph-answers';
import { impactTargetKinds } from '../../lib/graph/impact';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { guidText, pageCursor, pageLimit, queryWholeNumber } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readStreamOf, readStreamQuery } from '../model/model-request';

export const impactQuery = z.strictObject({
  kind: z.enum(impactTargetKinds, `must be one of ${impactTargetKinds.join(', ')}`),
  id: guidText,
  maxDepth: queryWholeNumber(1, graphDepth.impact.max).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
  ...readStreamQuery,
});

/**
 * GET P/impact?kind=&id= (viewer): what depends on an element, operation,
 * channel or schema, transitively; the answer of the get_impact tool (`data`
 * with `nextCursor`, elements paged). Main, or `?branchId=` / `?revisionId=`.
 */
export const getImpact: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const input = parseQuery(impactQuery, query);
  const stream = await readStreamOf(runtime.db, project.id, input);
  const id = input.id.toLowerCase();
  const maxDepth = input.maxDepth ?? graphDepth.impact.default;
  const scope = `impact:${stream.id}:${input.kind}:${id}:${maxDepth}`;
  const position = input.cursor ? decodeCursor<GraphPosition>(runtime.keyring, scope, input.cursor) : null;
  const answer = await impactAnswer(runtime.db, { projectId: project.id, streamId: stream.id, kind: input.kind, id, maxDepth, position, limit: input.limit });
  return jsonResponse(200, { ...answer.data, nextCursor: answer.next ? encodeCursor(runtime.keyring, scope, answer.next) : null, notice: answer.notice ?? null });
};
