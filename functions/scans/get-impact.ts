import { scanImpactSchema } from '../../contracts/scans';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { impactOf } from './scan-impact';
import { scanParams } from './scan-params';

export const getScanImpact = defineRoute({
  group: 'scans',
  operation: 'get-impact',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}/impact',
  auth: 'signed-in',
  summary: 'Views, scenarios, promises and exports the pending proposals would change',
  params: scanParams,
  answers: { 200: scanImpactSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'viewer' },
  description: '409 until the scan completed.',
  example: { as: 'viewer' },
  run: async (request) => jsonResponse(200, await impactOf(request)),
});
