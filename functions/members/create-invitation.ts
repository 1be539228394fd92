import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { emailAddress } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { issuedInvitationSchema, reissuedInvitationSchema } from '../../contracts/account';
import { hitRateLimit, rateLimitRules } from '../../lib/platform/rate-limit/hit-rate-limit';
import { issueInvitation } from '../../lib/features/workspaces/invitation-store';
import { workspaceRole } from './member-inputs';

/** CreateInvitationRequest. */
const createInvitationRequest = z.strictObject({ email: emailAddress, role: workspaceRole });

/**
 * 201 the issued invitation with its `secret` (shown once); 200 when an open
 * invitation of the address was issued again with a new secret; 409 when the
 * address is a member's; 429 over the workspace's invitation limit.
 */
export const createInvitation = defineRoute({
  group: 'members',
  operation: 'create-invitation',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/invitations',
  auth: 'person',
  summary: 'Invite an e-mail address; the secret is shown once (owner)',
  body: createInvitationRequest,
  answers: {
    201: issuedInvitationSchema,
    200: reissuedInvitationSchema,
    409: 'problem',
    429: 'problem',
  },
  access: { role: 'owner' },
  example: { body: { email: 'new@contract.test', role: 'editor' }, status: 201 },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const input = parseBody(createInvitationRequest, body);
    const now = runtime.now();
    const limit = await hitRateLimit(runtime.db, rateLimitRules.invitations, workspaceId, now);
    if (!limit.allowed) {
      throw new HttpProblem(429, 'rate_limited', 'Too many invitations', {
        detail: `A workspace may issue ${rateLimitRules.invitations.limit} invitations per hour. Try again in ${limit.retryAfterSeconds} s.`,
        headers: { 'retry-after': String(limit.retryAfterSeconds) },
      });
    }
    const issued = await issueInvitation(runtime.db, { workspaceId, email: input.email, role: input.role, invitedBy: caller.userId, actor: actorOf(caller), now });
    return jsonResponse(issued.created ? 201 : 200, { ...issued.invitation, secret: issued.secret });
  },
});
