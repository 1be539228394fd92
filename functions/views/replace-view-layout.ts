import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { findView, replaceViewLayout as writeLayout } from '../../lib/model/view-store';
import { layoutRequest } from './view-inputs';

/** PUT P/views/{viewId}/layout (editor): replaces the saved positions; 200 `{viewId, positions}`. */
export const replaceViewLayout: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const viewId = pathUuid(pathParameters.viewId, 'View');
  const input = parseBody(layoutRequest, body);
  if (!(await findView(runtime.db, project.id, viewId))) throw HttpProblem.notFound('View not found');
  await writeLayout(runtime.db, viewId, input.positions.map((p) => ({ elementId: p.elementId.toLowerCase(), x: p.x, y: p.y })), runtime.now());
  const view = (await findView(runtime.db, project.id, viewId))!;
  return jsonResponse(200, { viewId, positions: view.positions });
};
