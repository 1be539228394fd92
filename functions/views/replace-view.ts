import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { assertRootElement } from '../../lib/core/model/view-root-element';
import { findView, updateView } from '../../lib/core/model/view-store';
import { viewRequest } from './view-inputs';
import { viewSchema } from '../../contracts/views';
import { viewParams } from './view-schema';

/** `{name, rootElementId}`; a body ID must be the path's. */
export const replaceView = defineRoute({
  group: 'views',
  operation: 'replace-view',
  method: 'PUT',
  path: '/api/projects/{projectId}/views/{viewId}',
  auth: 'signed-in',
  summary: 'Rename a view or change its root (editor)',
  params: viewParams,
  body: viewRequest,
  answers: { 200: viewSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { viewId: '{spareViewId}' }, body: { name: 'Everything', rootElementId: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const viewId = pathUuid(pathParameters.viewId, 'View');
    const input = parseBody(viewRequest, body);
    if (input.id !== undefined && input.id.toLowerCase() !== viewId) {
      throw HttpProblem.validation('Invalid request body', [{ field: 'id', message: 'must be the ID in the path' }]);
    }
    if (!(await findView(runtime.db, project.id, viewId))) throw HttpProblem.notFound('View not found');
    await assertRootElement(runtime.db, project.id, input.rootElementId);
    await updateView(runtime.db, project.id, viewId, { name: input.name, rootElementId: input.rootElementId?.toLowerCase() ?? null }, runtime.now());
    return jsonResponse(200, await findView(runtime.db, project.id, viewId));
  },
});
