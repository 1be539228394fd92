import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listScenarioPage } from '../../lib/scenarios/scenario-store';

/** GET P/scenarios (viewer): a page of `{id, name}` in name order, with `nextCursor`. */
export const listScenarios: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const { cursor, limit } = parseQuery(pageQuery, query);
  const scope = `scenarios:${project.id}`;
  const after = cursor ? decodeCursor<{ name: string; id: string }>(runtime.keyring, scope, cursor) : null;
  const page = await listScenarioPage(runtime.db, { projectId: project.id, after, limit });
  const last = page.items.at(-1);
  return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { name: last.name, id: last.id }) : null });
};
