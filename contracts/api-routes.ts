// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.
import type { z } from 'zod';
import type * as ai from './ai';
import type * as aiProposals from './ai-proposals';
import type * as comments from './comments';
import type * as webhooks from './webhooks';

/** Per route of the API whose answers are contracts: the answers of its success statuses. */
export interface ApiAnswers {
  'GET /api/projects/{projectId}/ai/architecture-proposals': z.output<typeof aiProposals.architectureProposalPageSchema>;
  'GET /api/projects/{projectId}/ai/architecture-proposals/{proposalId}': z.output<typeof aiProposals.architectureProposalSchema>;
  'GET /api/projects/{projectId}/ai/flow-proposals': z.output<typeof aiProposals.flowProposalPageSchema>;
  'GET /api/projects/{projectId}/decisions': z.output<typeof comments.decisionsPage>;
  'GET /api/projects/{projectId}/threads': z.output<typeof comments.threadSummariesPage>;
  'GET /api/projects/{projectId}/threads/{threadId}': z.output<typeof comments.threadSchema>;
  'GET /api/workspaces/{workspaceId}/ai/calls': z.output<typeof ai.aiCallsPage>;
  'GET /api/workspaces/{workspaceId}/ai/usage': z.output<typeof ai.aiUsageSchema>;
  'GET /api/workspaces/{workspaceId}/webhook-deliveries': z.output<typeof webhooks.webhookDeliveriesPage>;
  'PATCH /api/projects/{projectId}/threads/{threadId}/comments/{commentId}': z.output<typeof comments.commentSchema>;
  'POST /api/projects/{projectId}/ai/architecture-proposals': z.output<typeof ai.aiUnavailableAnswerSchema> | z.output<typeof aiProposals.architectureProposalSchema>;
  'POST /api/projects/{projectId}/ai/architecture-proposals/from-document': z.output<typeof ai.aiUnavailableAnswerSchema> | z.output<typeof aiProposals.architectureProposalSchema>;
  'POST /api/projects/{projectId}/ai/architecture-proposals/submit': z.output<typeof aiProposals.architectureProposalSchema>;
  'POST /api/projects/{projectId}/ai/architecture-proposals/{proposalId}/decide': z.output<typeof aiProposals.architectureProposalSchema>;
  'POST /api/projects/{projectId}/threads': z.output<typeof comments.threadSchema>;
  'POST /api/projects/{projectId}/threads/{threadId}/raise-decision': z.output<typeof comments.decisionSchema>;
  'POST /api/projects/{projectId}/threads/{threadId}/raise-question': z.output<typeof comments.questionSchema>;
  'POST /api/projects/{projectId}/threads/{threadId}/reopen': z.output<typeof comments.threadSchema>;
  'POST /api/projects/{projectId}/threads/{threadId}/replies': z.output<typeof comments.commentSchema>;
  'POST /api/projects/{projectId}/threads/{threadId}/resolve': z.output<typeof comments.threadSchema>;
}
