import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { bulkAddSources as addAll } from '../../lib/scans/bulk-add-sources';
import { bulkAddRequest } from '../../lib/sources/source-requests';
import { scanRequestContext } from './source-context';

/** POST P/sources/bulk (editor): 200 `{items[{repository, status, sourceId, scanId, error}]}`, one per repository; 400 for the request as a whole. */
export const bulkAddSources: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(bulkAddRequest, body);
  const context = await scanRequestContext(runtime, project.workspaceId, caller);
  return jsonResponse(200, await addAll(context, project, input));
};
