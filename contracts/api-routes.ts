// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.
import type { z } from 'zod';
import type * as ai from './ai';
import type * as loadTests from './load-tests';
import type * as webhooks from './webhooks';

/** Per route of the API whose answer is a contract: the answer of its success status. */
export interface ApiAnswers {
  'DELETE /api/projects/{projectId}/load-tests/targets/{targetId}/authorisation': z.output<typeof loadTests.loadTestTargetSchema>;
  'GET /api/projects/{projectId}/load-tests/compare/estimate': z.output<typeof loadTests.estimateComparisonSchema>;
  'GET /api/projects/{projectId}/load-tests/compare/results': z.output<typeof loadTests.regressionSchema>;
  'GET /api/projects/{projectId}/load-tests/profiles': z.output<typeof loadTests.stressProfilesList>;
  'GET /api/projects/{projectId}/load-tests/profiles/{profileId}': z.output<typeof loadTests.stressProfileSchema>;
  'GET /api/projects/{projectId}/load-tests/results': z.output<typeof loadTests.loadTestResultsList>;
  'GET /api/projects/{projectId}/load-tests/results/{resultId}': z.output<typeof loadTests.loadTestResultSchema>;
  'GET /api/projects/{projectId}/load-tests/runs': z.output<typeof loadTests.stressRunsList>;
  'GET /api/projects/{projectId}/load-tests/scripts': z.output<typeof loadTests.loadTestScriptsList>;
  'GET /api/projects/{projectId}/load-tests/scripts/{scriptId}': z.output<typeof loadTests.loadTestScriptSchema>;
  'GET /api/projects/{projectId}/load-tests/targets': z.output<typeof loadTests.loadTestTargetsList>;
  'GET /api/projects/{projectId}/stress/defaults': z.output<typeof loadTests.stressDefaultsSchema>;
  'GET /api/workspaces/{workspaceId}/ai/calls': z.output<typeof ai.aiCallsPage>;
  'GET /api/workspaces/{workspaceId}/ai/usage': z.output<typeof ai.aiUsageSchema>;
  'GET /api/workspaces/{workspaceId}/webhook-deliveries': z.output<typeof webhooks.webhookDeliveriesPage>;
  'POST /api/projects/{projectId}/load-tests/profiles': z.output<typeof loadTests.stressProfileSchema>;
  'POST /api/projects/{projectId}/load-tests/results': z.output<typeof loadTests.loadTestResultSchema>;
  'POST /api/projects/{projectId}/load-tests/runs': z.output<typeof loadTests.stressRunSchema>;
  'POST /api/projects/{projectId}/load-tests/runs/{runId}/finish': z.output<typeof loadTests.stressRunSchema>;
  'POST /api/projects/{projectId}/load-tests/scripts': z.output<typeof loadTests.loadTestScriptSchema>;
  'POST /api/projects/{projectId}/load-tests/targets': z.output<typeof loadTests.loadTestTargetSchema>;
  'POST /api/projects/{projectId}/load-tests/targets/{targetId}/authorise': z.output<typeof loadTests.loadTestTargetSchema>;
  'PUT /api/projects/{projectId}/load-tests/targets/{targetId}': z.output<typeof loadTests.loadTestTargetSchema>;
  'PUT /api/projects/{projectId}/load-tests/targets/{targetId}/override': z.output<typeof loadTests.loadTestTargetSchema>;
}
