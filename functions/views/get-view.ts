import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { findView } from '../../lib/core/model/view-store';
import { viewSchema } from '../../contracts/views';
import { viewParams } from './view-schema';

export const getView = defineRoute({
  group: 'views',
  operation: 'get-view',
  method: 'GET',
  path: '/api/projects/{projectId}/views/{viewId}',
  auth: 'signed-in',
  summary: 'A view (viewer)',
  params: viewParams,
  answers: { 200: viewSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const view = await findView(runtime.db, project.id, pathUuid(pathParameters.viewId, 'View'));
    if (!view) throw HttpProblem.notFound('View not found');
    return jsonResponse(200, view);
  },
});
