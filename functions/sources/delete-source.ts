import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteSource as removeSource } from '../../lib/sources/source-store';

/** DELETE P/sources/{sourceId} (editor): 204; 404. Its scans stay in the scan list; the model keeps what was accepted. */
export const deleteSource: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  if (!(await removeSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source')))) throw HttpProblem.notFound('Source not found');
  return noContentResponse();
};
