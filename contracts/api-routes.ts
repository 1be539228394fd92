// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.
import type { z } from 'zod';
import type * as account from './account';
import type * as ai from './ai';
import type * as webhooks from './webhooks';

/** Per route of the API whose answer is a contract: the answer of its success status. */
export interface ApiAnswers {
  'DELETE /api/workspaces/{workspaceId}/invitations/{invitationId}': z.output<typeof account.invitationSchema>;
  'DELETE /api/workspaces/{workspaceId}/members/{memberUserId}': z.output<typeof account.membershipSchema>;
  'GET /api/auth/external/complete': z.output<typeof account.signedInSchema>;
  'GET /api/instance/audit': z.output<typeof account.auditEntryPage>;
  'GET /api/instance/diagnostics': z.output<typeof account.diagnosticsSchema>;
  'GET /api/invitations': z.output<typeof account.invitationList>;
  'GET /api/projects/{projectId}': z.output<typeof account.projectSchema>;
  'GET /api/setup/status': z.output<typeof account.setupStatusSchema>;
  'GET /api/workspaces': z.output<typeof account.workspaceSummaryList>;
  'GET /api/workspaces/{workspaceId}/agent-tokens': z.output<typeof account.agentTokenList>;
  'GET /api/workspaces/{workspaceId}/ai/calls': z.output<typeof ai.aiCallsPage>;
  'GET /api/workspaces/{workspaceId}/ai/usage': z.output<typeof ai.aiUsageSchema>;
  'GET /api/workspaces/{workspaceId}/audit': z.output<typeof account.auditEntryPage>;
  'GET /api/workspaces/{workspaceId}/invitations': z.output<typeof account.invitationList>;
  'GET /api/workspaces/{workspaceId}/members': z.output<typeof account.memberList>;
  'GET /api/workspaces/{workspaceId}/projects': z.output<typeof account.projectListPage>;
  'GET /api/workspaces/{workspaceId}/secrets': z.output<typeof account.secretStatusList>;
  'GET /api/workspaces/{workspaceId}/webhook-deliveries': z.output<typeof webhooks.webhookDeliveriesPage>;
  'PATCH /api/projects/{projectId}': z.output<typeof account.projectSchema>;
  'PATCH /api/workspaces/{workspaceId}/members/{memberUserId}': z.output<typeof account.membershipSchema>;
  'POST /api/auth/login': z.output<typeof account.signedInSchema>;
  'POST /api/auth/register': z.output<typeof account.signedInSchema>;
  'POST /api/invitations/{invitationId}': z.output<typeof account.invitationSchema>;
  'POST /api/invitations/{invitationId}/accept': z.output<typeof account.membershipSchema>;
  'POST /api/invitations/{invitationId}/decline': z.output<typeof account.invitationSchema>;
  'POST /api/invitations/{invitationId}/register': z.output<typeof account.registeredThroughInvitationSchema>;
  'POST /api/setup': z.output<typeof account.setupAnswerSchema>;
  'POST /api/workspaces': z.output<typeof account.workspaceSchema>;
  'POST /api/workspaces/{workspaceId}/agent-tokens': z.output<typeof account.createdAgentTokenSchema>;
  'POST /api/workspaces/{workspaceId}/invitations': z.output<typeof account.reissuedInvitationSchema>;
  'POST /api/workspaces/{workspaceId}/projects': z.output<typeof account.projectSchema>;
}
