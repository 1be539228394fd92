import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { findView } from '../../lib/model/view-store';

/** GET P/views/{viewId} (viewer). */
export const getView: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const view = await findView(runtime.db, project.id, pathUuid(pathParameters.viewId, 'View'));
  if (!view) throw HttpProblem.notFound('View not found');
  return jsonResponse(200, view);
};
