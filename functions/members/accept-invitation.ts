import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { acceptInvitation as accept } from '../../lib/workspaces/invitation-store';
import { parseSecretBody } from './member-inputs';

/**
 * POST /api/invitations/{invitationId}/accept with null or `{secret}`: 200
 * membership `{workspaceId,userId,role}`. The caller must be the person
 * invited and a secret sent must match (403 otherwise); 404 unknown; 409 not open.
 */
export const acceptInvitation: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
  const secret = parseSecretBody(body);
  const membership = await accept(runtime.db, { invitationId, caller: { userId: caller.userId, email: caller.email }, secret, actor: actorOf(caller), now: runtime.now() });
  return jsonResponse(200, membership);
};
