import { repositoryScanQueuedSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { requestRepositoryScan } from '../../lib/features/scans/request-scan';
import { startScanRequest } from '../../lib/features/sources/source-requests';
import { scanRequestContext } from '../sources/source-context';

/** A queued scan of a GitHub repository named in the body, without a Source (docs/sources.md). */
export const startRepositoryScan = defineRoute({
  group: 'scans',
  operation: 'start-repository-scan',
  method: 'POST',
  path: '/api/projects/{projectId}/imports',
  auth: 'signed-in',
  summary: 'Queue a scan of a GitHub repository without a Source (editor)',
  body: startScanRequest,
  answers: { 202: repositoryScanQueuedSchema, 400: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description: 'A GitHub repository named in the body, without a Source.',
  example: { as: 'editor', body: { repository: 'acme/shop', ref: null, includePaths: null, excludePaths: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(startScanRequest, body);
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    const scanId = await requestRepositoryScan(context, project, 'github', input);
    return jsonResponse(202, { scanId, state: 'queued', sourceId: null });
  },
});
