import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { listViews as readViews } from '../../lib/core/model/view-store';
import { viewsList } from '../../contracts/views';

/** 200 `{items}` by name then ID. */
export const listViews = defineRoute({
  group: 'views',
  operation: 'list-views',
  method: 'GET',
  path: '/api/projects/{projectId}/views',
  auth: 'signed-in',
  summary: 'Views of the project with their saved positions (viewer)',
  answers: { 200: viewsList },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await readViews(runtime.db, project.id) });
  },
});
