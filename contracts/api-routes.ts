// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.
import type { z } from 'zod';
import type * as ai from './ai';
import type * as scenarios from './scenarios';
import type * as streams from './streams';
import type * as views from './views';
import type * as webhooks from './webhooks';

/** Per route of the API whose answer is a contract: the answer of its success status. */
export interface ApiAnswers {
  'GET /api/projects/{projectId}/branches': z.output<typeof streams.branchesList>;
  'GET /api/projects/{projectId}/branches/{branchId}': z.output<typeof streams.branchSchema>;
  'GET /api/projects/{projectId}/revisions': z.output<typeof streams.revisionsList>;
  'GET /api/projects/{projectId}/scenarios': z.output<typeof scenarios.scenarioSummariesPage>;
  'GET /api/projects/{projectId}/scenarios/{scenarioId}': z.output<typeof scenarios.scenarioSchema>;
  'GET /api/projects/{projectId}/views': z.output<typeof views.viewsList>;
  'GET /api/projects/{projectId}/views/{viewId}': z.output<typeof views.viewSchema>;
  'GET /api/projects/{projectId}/views/{viewId}/share-links': z.output<typeof views.shareLinksList>;
  'GET /api/workspaces/{workspaceId}/ai/calls': z.output<typeof ai.aiCallsPage>;
  'GET /api/workspaces/{workspaceId}/ai/usage': z.output<typeof ai.aiUsageSchema>;
  'GET /api/workspaces/{workspaceId}/webhook-deliveries': z.output<typeof webhooks.webhookDeliveriesPage>;
  'POST /api/projects/{projectId}/branches': z.output<typeof streams.branchSchema>;
  'POST /api/projects/{projectId}/revisions': z.output<typeof streams.revisionSchema>;
  'POST /api/projects/{projectId}/scenarios': z.output<typeof scenarios.writtenScenarioSchema>;
  'POST /api/projects/{projectId}/scenarios/{scenarioId}/run': z.output<typeof scenarios.runResultSchema>;
  'POST /api/projects/{projectId}/views': z.output<typeof views.viewSchema>;
  'POST /api/projects/{projectId}/views/{viewId}/share-links': z.output<typeof views.createdShareLinkSchema>;
  'PUT /api/projects/{projectId}/scenarios/{scenarioId}': z.output<typeof scenarios.writtenScenarioSchema>;
  'PUT /api/projects/{projectId}/views/{viewId}': z.output<typeof views.viewSchema>;
  'PUT /api/projects/{projectId}/views/{viewId}/layout': z.output<typeof views.viewLayoutSchema>;
}
