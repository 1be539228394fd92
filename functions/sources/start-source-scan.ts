import { sourceScanQueuedSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { requestSourceScan } from '../../lib/features/scans/request-scan';
import { startSourceScanRequest } from '../../lib/features/sources/source-requests';
import { findSource } from '../../lib/features/sources/source-store';
import { scanRequestContext } from './source-context';
import { sourceParams } from './source-params';

export const startSourceScan = defineRoute({
  group: 'sources',
  operation: 'start-source-scan',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/{sourceId}/scans',
  auth: 'signed-in',
  summary: 'Queue a scan of a Source (editor)',
  params: sourceParams,
  body: startSourceScanRequest,
  answers: { 202: sourceScanQueuedSchema, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description: '409 when the host is off or the kind is not scanned this way; 429 over the daily scan limit.',
  example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, body: { ref: null, includePaths: null, excludePaths: null }, status: 409, why: 'an archive Source is scanned by uploading an archive; no git host is reachable here' },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(startSourceScanRequest, body);
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    const scanId = await requestSourceScan(context, project, source, input);
    return jsonResponse(202, { scanId, state: 'queued', sourceId: source.id });
  },
});
