import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { projectSchema } from '../../contracts/account';

export const getProject = defineRoute({
  group: 'projects',
  operation: 'get-project',
  method: 'GET',
  path: '/api/projects/{projectId}',
  auth: 'signed-in',
  summary: 'A project (viewer)',
  answers: { 200: projectSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, project);
  },
});
