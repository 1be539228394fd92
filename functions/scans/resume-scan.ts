import { scanSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { resumeScan as requeueScan } from '../../lib/features/scans/scan-lifecycle';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';
import { scanParams } from './scan-params';

export const resumeScan = defineRoute({
  group: 'scans',
  operation: 'resume-scan',
  method: 'POST',
  path: '/api/projects/{projectId}/imports/{importId}/resume',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Queue a failed or cancelled scan again (editor)',
  params: scanParams,
  answers: { 202: scanSchema, 404: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description: 'Queued again after a failure or cancel; 409 otherwise; 429 over the daily limit.',
  example: { as: 'editor', status: 409, why: 'the fixture scan completed' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, project.workspaceId);
    return jsonResponse(202, await requeueScan(runtime.db, { projectId: project.id, workspaceId: project.workspaceId, scanId: pathUuid(pathParameters.importId, 'Scan'), settings, now: runtime.now() }));
  },
});
