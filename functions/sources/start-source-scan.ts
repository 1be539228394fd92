import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { requestSourceScan } from '../../lib/scans/request-scan';
import { startSourceScanRequest } from '../../lib/sources/source-requests';
import { findSource } from '../../lib/sources/source-store';
import { scanRequestContext } from './source-context';

/** POST P/sources/{sourceId}/scans (editor): 202 `{scanId, state, sourceId}`; 400; 404; 409 (host off, kind not scanned this way); 429 (daily limit). */
export const startSourceScan: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(startSourceScanRequest, body);
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  const context = await scanRequestContext(runtime, project.workspaceId, caller);
  const scanId = await requestSourceScan(context, project, source, input);
  return jsonResponse(202, { scanId, state: 'queued', sourceId: source.id });
};
