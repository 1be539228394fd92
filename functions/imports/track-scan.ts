import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { scanDetail } from '../../lib/scans/scan-detail';
import { failScanIfWorkerGone } from '../../lib/scans/scan-lifecycle';
import { scanOfProject } from './scan-of-project';

/**
 * POST P/imports/{importId}/track (viewer, a person: it may queue the scan
 * again, so no agent token calls it): 200 the scan detail after checking
 * that a running scan's worker is alive (a scan whose worker stopped is
 * queued again or failed, docs/sources.md); 404; 409 for a scan that was
 * cancelled.
 */
export const trackScan: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  await failScanIfWorkerGone(runtime.db, { projectId: project.id, scanId: scan.id }, runtime.now());
  const detail = await scanDetail(runtime.db, project.id, scan.id);
  if (!detail) throw HttpProblem.notFound('Scan not found');
  if (detail.state === 'cancelled') throw HttpProblem.conflict('Scan cancelled', 'A cancelled scan is not tracked; resume it first.');
  return jsonResponse(200, detail);
};
