import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readPromiseListPage } from '../../lib/promises/promise-views';

/** GET P/promises (viewer): 200 `{items, nextCursor}` in requirement-number order, items as list_promises gives them. */
export const listPromises: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const input = parseQuery(pageQuery, query);
  const scope = `promises:${project.id}`;
  const afterNumber = input.cursor ? decodeCursor<number>(runtime.keyring, scope, input.cursor) : null;
  const page = await readPromiseListPage(runtime.db, { projectId: project.id, afterNumber, limit: input.limit });
  return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && page.lastNumber !== null ? encodeCursor(runtime.keyring, scope, page.lastNumber) : null });
};
