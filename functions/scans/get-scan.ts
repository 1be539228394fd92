import { scanDetailSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { scanDetail } from '../../lib/features/scans/scan-detail';
import { scanParams } from './scan-params';

/** The scan detail with its skipped files and proposal counts. */
export const getScan = defineRoute({
  group: 'scans',
  operation: 'get-scan',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}',
  auth: 'signed-in',
  summary: 'One scan with its skipped files and proposal counts',
  params: scanParams,
  answers: { 200: scanDetailSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const detail = await scanDetail(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    if (!detail) throw HttpProblem.notFound('Scan not found');
    return jsonResponse(200, detail);
  },
});
