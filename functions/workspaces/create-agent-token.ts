import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { createAgentToken as insertToken } from '../../lib/features/auth/agent-token-store';
import { actorOf, agentTokenScopes } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName, guidText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { appendAudit } from '../../lib/platform/audit/audit-log';
import { createdAgentTokenSchema } from '../../contracts/account';
import { findProject } from '../../lib/features/workspaces/project-store';

const createAgentTokenRequest = z.strictObject({
  name: displayName(100),
  scopes: z
    .array(z.enum(agentTokenScopes, 'must be "read" or "push"'))
    .min(1, 'must name at least one scope')
    .refine((s) => new Set(s).size === s.length, 'must not repeat a scope'),
  // Left out reads as null: a token for the whole workspace, without expiry.
  projectId: guidText.nullable().optional().transform((id) => id ?? null),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 timestamp with a time zone, or null' })
    .nullable()
    .optional()
    .transform((at) => at ?? null),
});

/** 201 `{id, name, scopes, projectId, token}`; the token is shown once. */
export const createAgentToken = defineRoute({
  group: 'workspaces',
  operation: 'create-agent-token',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/agent-tokens',
  auth: 'person',
  summary: 'Create an agent token; the secret is shown once (owner)',
  body: createAgentTokenRequest,
  answers: {
    201: createdAgentTokenSchema,
  },
  access: { role: 'owner' },
  example: { body: { name: 'CI', scopes: ['read', 'push'], projectId: '{projectId}', expiresAt: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const input = parseBody(createAgentTokenRequest, body);
    const now = runtime.now();
    const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      throw HttpProblem.validation('Invalid request body', [{ field: 'expiresAt', message: 'must be in the future' }]);
    }
    if (input.projectId) {
      const project = await findProject(runtime.db, input.projectId);
      if (project?.workspaceId !== workspaceId) throw HttpProblem.validation('Invalid request body', [{ field: 'projectId', message: 'is not a project of this workspace' }]);
    }
    const { record, token } = await insertToken(runtime.db, { workspaceId, name: input.name, scopes: input.scopes, projectId: input.projectId, expiresAt, createdBy: caller.userId }, now);
    await appendAudit(runtime.db, { workspaceId, actor: actorOf(caller), action: 'agent-token.create', detail: { tokenId: record.id, scopes: record.scopes, projectId: record.projectId }, at: now });
    return jsonResponse(201, { id: record.id, name: record.name, scopes: record.scopes, projectId: record.projectId, expiresAt: record.expiresAt, createdAt: record.createdAt, token });
  },
});
