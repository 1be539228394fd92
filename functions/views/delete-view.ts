import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteView as removeView } from '../../lib/model/view-store';
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
