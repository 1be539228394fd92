import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { findView, replaceViewLayout as writeLayout } from '../../lib/core/model/view-store';
import { viewLayoutSchema } from '../../contracts/views';
import { layoutRequest } from './view-inputs';
import { viewParams } from './view-schema';

/** Replaces the saved positions; 200 `{viewId, positions}`. */
export const replaceViewLayout = defineRoute({
  group: 'views',
  operation: 'replace-view-layout',
  method: 'PUT',
  path: '/api/projects/{projectId}/views/{viewId}/layout',
  auth: 'signed-in',
  summary: 'Replace the saved positions of a view (editor)',
  params: viewParams,
  body: layoutRequest,
  answers: { 200: viewLayoutSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { viewId: '{spareViewId}' }, body: { positions: [{ elementId: '{model_shop}', x: 10, y: 20.5 }] } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const viewId = pathUuid(pathParameters.viewId, 'View');
    const input = parseBody(layoutRequest, body);
    if (!(await findView(runtime.db, project.id, viewId))) throw HttpProblem.notFound('View not found');
    await writeLayout(runtime.db, viewId, input.positions.map((p) => ({ elementId: p.elementId.toLowerCase(), x: p.x, y: p.y })), runtime.now());
    const view = (await findView(runtime.db, project.id, viewId))!;
    return jsonResponse(200, { viewId, positions: view.positions });
  },
});
