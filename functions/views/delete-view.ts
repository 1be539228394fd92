import { authorizeProject } from '../../lib/features/auth/access-policy';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { deleteView as removeView } from '../../lib/core/model/view-store';
import { viewParams } from './view-schema';

export const deleteView = defineRoute({
  group: 'views',
  operation: 'delete-view',
  method: 'DELETE',
  path: '/api/projects/{projectId}/views/{viewId}',
  auth: 'signed-in',
  summary: 'Delete a view (editor)',
  params: viewParams,
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { viewId: '{doomedViewId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    if (!(await removeView(runtime.db, project.id, pathUuid(pathParameters.viewId, 'View')))) throw HttpProblem.notFound('View not found');
    return noContentResponse();
  },
});
