import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { scanRequestContext } from '../sources/source-context';
import { requestRepositoryScan } from '../../lib/scans/request-scan';
import { startScanRequest } from '../../lib/sources/source-requests';

/** POST P/imports (editor): 202 a queued scan of a GitHub repository named in the body, without a Source (docs/sources.md). */
export const startRepositoryScan: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(startScanRequest, body);
  const context = await scanRequestContext(runtime, project.workspaceId, caller);
  const scanId = await requestRepositoryScan(context, project, 'github', input);
  return jsonResponse(202, { scanId, state: 'queued', sourceId: null });
};
