// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.
import type { z } from 'zod';
import type * as ai from './ai';
import type * as webhooks from './webhooks';

/** Per route of the API whose answer is a contract: the answer of its success status. */
export interface ApiAnswers {
  'GET /api/workspaces/{workspaceId}/ai/calls': z.output<typeof ai.aiCallsPage>;
  'GET /api/workspaces/{workspaceId}/ai/usage': z.output<typeof ai.aiUsageSchema>;
  'GET /api/workspaces/{workspaceId}/webhook-deliveries': z.output<typeof webhooks.webhookDeliveriesPage>;
}
