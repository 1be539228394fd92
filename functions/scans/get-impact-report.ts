import { textResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { impactReport } from '../../lib/features/scans/impact-report';
import { impactOf } from './scan-impact';
import { scanParams } from './scan-params';

/** The same as GET …/impact, as Markdown. */
export const getImpactReport = defineRoute({
  group: 'scans',
  operation: 'get-impact-report',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}/impact/report',
  auth: 'signed-in',
  summary: 'The impact as Markdown',
  params: scanParams,
  answers: { 200: { contentType: 'text/markdown' }, 404: 'problem', 409: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async (request) => textResponse(200, impactReport(await impactOf(request)), 'text/markdown; charset=utf-8'),
});
