import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listProjectPage } from '../../lib/workspaces/project-store';

/** GET W/projects (viewer): 200 `{items[{id,name,description}], nextCursor}` by name. */
export const listProjects: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'viewer');
  const { cursor, limit } = parseQuery(pageQuery, query);
  const scope = `projects:${workspaceId}`;
  const after = cursor ? decodeCursor<{ name: string; id: string }>(runtime.keyring, scope, cursor) : null;
  const page = await listProjectPage(runtime.db, {
    workspaceId,
    after,
    limit,
    onlyProjectId: caller.kind === 'agent-token' ? caller.projectId : null,
  });
  const last = page.items.at(-1);
  return jsonResponse(200, {
    items: page.items,
    nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { name: last.name, id: last.id }) : null,
  });
};
