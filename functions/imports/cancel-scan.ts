import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { cancelScan as stopScan } from '../../lib/scans/scan-lifecycle';

/** POST P/imports/{importId}/cancel (editor): 202 while queued or running; 409 once it ended; 404. */
export const cancelScan: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  return jsonResponse(202, await stopScan(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'), runtime.now()));
};
