import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readPromiseDetail } from '../../lib/promises/promise-views';

/** GET P/promises/{promiseId} (viewer): the get_promise shape (in-force and draft revisions with their evidence). */
export const getPromise: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const promise = await readPromiseDetail(runtime.db, project.id, pathUuid(pathParameters.promiseId, 'Promise'));
  if (!promise) throw HttpProblem.notFound('Promise not found');
  return jsonResponse(200, promise);
};
