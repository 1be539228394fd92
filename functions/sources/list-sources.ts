import { sourcesList } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { listSources as readSources } from '../../lib/features/sources/source-store';

export const listSources = defineRoute({
  group: 'sources',
  operation: 'list-sources',
  method: 'GET',
  path: '/api/projects/{projectId}/sources',
  auth: 'signed-in',
  summary: 'Sources of a project by name',
  answers: { 200: sourcesList },
  access: { role: 'viewer' },
  description: 'By name.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: await readSources(runtime.db, project.id) });
  },
});
