import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { graphDepth, pathsAnswer, type GraphPosition } from '../../lib/graph/graph-answers';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { guidText, pageCursor, pageLimit, queryWholeNumber } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readStreamOf, readStreamQuery } from '../model/model-request';

export const pathsQuery = z.strictObject({
  fromId: guidText,
  toId: guidText,
  maxDepth: queryWholeNumber(1, graphDepth.paths.max).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
  ...readStreamQuery,
});

/**
 * GET P/paths?fromId=&toId= (viewer): the paths between two elements over
 * relationships and message flows, shortest first, paged; the answer of the
 * find_paths tool (`data` with `nextCursor`). Main, or `?branchId=` /
 * `?revisionId=`.
 */
export const findPaths: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
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
};
