// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.
import type { z } from 'zod';
import type * as ai from './ai';
import type * as costs from './costs';
import type * as prices from './prices';
import type * as webhooks from './webhooks';

/** Per route of the API whose answer is a contract: the answer of its success status. */
export interface ApiAnswers {
  'DELETE /api/projects/{projectId}/costs/assumptions/{assumptionId}': z.output<typeof costs.costSheetSchema>;
  'DELETE /api/projects/{projectId}/costs/resources/{resourceId}': z.output<typeof costs.costSheetSchema>;
  'GET /api/projects/{projectId}/costs': z.output<typeof costs.costSheetSchema>;
  'GET /api/projects/{projectId}/costs/compare': z.output<typeof costs.comparisonSchema>;
  'GET /api/projects/{projectId}/costs/estimate': z.output<typeof costs.estimateSchema>;
  'GET /api/projects/{projectId}/costs/estimates': z.output<typeof costs.savedEstimatesList>;
  'GET /api/projects/{projectId}/costs/estimates/{estimateId}': z.output<typeof costs.savedEstimateSchema>;
  'GET /api/projects/{projectId}/costs/prices': z.output<typeof costs.projectPricesSchema>;
  'GET /api/workspaces/{workspaceId}/ai/calls': z.output<typeof ai.aiCallsPage>;
  'GET /api/workspaces/{workspaceId}/ai/usage': z.output<typeof ai.aiUsageSchema>;
  'GET /api/workspaces/{workspaceId}/prices': z.output<typeof prices.priceEntriesPage>;
  'GET /api/workspaces/{workspaceId}/prices/aws/regions': z.output<typeof prices.awsRegionsSchema>;
  'GET /api/workspaces/{workspaceId}/prices/aws/services': z.output<typeof prices.awsServicesSchema>;
  'GET /api/workspaces/{workspaceId}/prices/gcp/services': z.output<typeof prices.gcpServicesSchema>;
  'GET /api/workspaces/{workspaceId}/webhook-deliveries': z.output<typeof webhooks.webhookDeliveriesPage>;
  'POST /api/projects/{projectId}/costs/assumptions': z.output<typeof costs.costSheetSchema>;
  'POST /api/projects/{projectId}/costs/copy': z.output<typeof costs.costSheetSchema>;
  'POST /api/projects/{projectId}/costs/estimates': z.output<typeof costs.savedEstimateSchema>;
  'POST /api/projects/{projectId}/costs/resources': z.output<typeof costs.costSheetSchema>;
  'POST /api/workspaces/{workspaceId}/prices': z.output<typeof prices.priceEntrySchema>;
  'POST /api/workspaces/{workspaceId}/prices/aws': z.output<typeof prices.importedPricesSchema>;
  'POST /api/workspaces/{workspaceId}/prices/azure': z.output<typeof prices.priceEntrySchema>;
  'POST /api/workspaces/{workspaceId}/prices/csv': z.output<typeof prices.priceCsvResultSchema>;
  'POST /api/workspaces/{workspaceId}/prices/gcp': z.output<typeof prices.importedPricesSchema>;
  'PUT /api/projects/{projectId}/costs/assumptions/{assumptionId}': z.output<typeof costs.costSheetSchema>;
  'PUT /api/projects/{projectId}/costs/resources/{resourceId}': z.output<typeof costs.costSheetSchema>;
}
