import { scanSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { cancelScan as stopScan } from '../../lib/features/scans/scan-lifecycle';
import { scanParams } from './scan-params';

export const cancelScan = defineRoute({
  group: 'scans',
  operation: 'cancel-scan',
  method: 'POST',
  path: '/api/projects/{projectId}/imports/{importId}/cancel',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Cancel a queued or running scan (editor)',
  params: scanParams,
  answers: { 202: scanSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: '202 while queued or running; 409 once it ended.',
  example: { as: 'editor', status: 409, why: 'the fixture scan has ended (a queued one may end before the request reaches it)' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    return jsonResponse(202, await stopScan(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'), runtime.now()));
  },
});
