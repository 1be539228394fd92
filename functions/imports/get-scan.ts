import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { scanDetail } from '../../lib/scans/scan-detail';

/** GET P/imports/{importId} (viewer): 200 scan detail with skipped files and proposal counts; 404. */
export const getScan: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const detail = await scanDetail(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  if (!detail) throw HttpProblem.notFound('Scan not found');
  return jsonResponse(200, detail);
};
