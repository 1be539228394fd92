import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteView as removeView } from '../../lib/model/view-store';

/** DELETE P/views/{viewId} (editor): 204. */
export const deleteView: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  if (!(await removeView(runtime.db, project.id, pathUuid(pathParameters.viewId, 'View')))) throw HttpProblem.notFound('View not found');
  return noContentResponse();
};
