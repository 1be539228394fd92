import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { promiseListPage } from '../../contracts/promises';
import { readPromiseListPage } from '../../lib/features/promises/promise-views';

/** 200 `{items, nextCursor}` in requirement-number order, items as list_promises gives them. */
export const listPromises = defineRoute({
  group: 'promises',
  operation: 'list-promises',
  method: 'GET',
  path: '/api/projects/{projectId}/promises',
  auth: 'signed-in',
  summary: 'Promises in requirement-number order, with state, counts and gaps (viewer)',
  query: pageQuery,
  answers: { 200: promiseListPage },
  access: { role: 'viewer' },
  description: 'In requirement-number order.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(pageQuery, query);
    const scope = `promises:${project.id}`;
    const afterNumber = input.cursor ? decodeCursor<number>(runtime.keyring, scope, input.cursor) : null;
    const page = await readPromiseListPage(runtime.db, { projectId: project.id, afterNumber, limit: input.limit });
    return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && page.lastNumber !== null ? encodeCursor(runtime.keyring, scope, page.lastNumber) : null });
  },
});
