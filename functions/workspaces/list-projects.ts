import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { projectListPage } from '../../contracts/account';
import { listProjectPage } from '../../lib/features/workspaces/project-store';

/** 200 `{items[{id,name,description}], nextCursor}` by name. */
export const listProjects = defineRoute({
  group: 'workspaces',
  operation: 'list-projects',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/projects',
  auth: 'signed-in',
  summary: 'Projects of a workspace, by name, paged',
  query: pageQuery,
  answers: { 200: projectListPage },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters, query }) => {
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
  },
});
