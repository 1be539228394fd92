import { scanDetailSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { scanDetail } from '../../lib/features/scans/scan-detail';
import { failScanIfWorkerGone } from '../../lib/features/scans/scan-lifecycle';
import { scanOfProject } from '../../lib/features/scans/scan-store';
import { scanParams } from './scan-params';

/**
 * A person only (it may queue the scan again, so no agent token calls it):
 * the scan detail after checking that a running scan's worker is alive (a
 * scan whose worker stopped is queued again or failed, docs/sources.md).
 */
export const trackScan = defineRoute({
  group: 'scans',
  operation: 'track-scan',
  method: 'POST',
  path: '/api/projects/{projectId}/imports/{importId}/track',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Check a running scan is alive and answer its detail',
  params: scanParams,
  answers: { 200: scanDetailSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'viewer' },
  description: "Checks a running scan's worker is alive (a scan whose worker stopped is queued again or failed), then answers the detail; 409 for a cancelled scan.",
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    await failScanIfWorkerGone(runtime.db, { projectId: project.id, scanId: scan.id }, runtime.now());
    const detail = await scanDetail(runtime.db, project.id, scan.id);
    if (!detail) throw HttpProblem.notFound('Scan not found');
    if (detail.state === 'cancelled') throw HttpProblem.conflict('Scan cancelled', 'A cancelled scan is not tracked; resume it first.');
    return jsonResponse(200, detail);
  },
});
