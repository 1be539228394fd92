import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { lookUpInvitation as findInvitation } from '../../lib/workspaces/invitation-store';
import { parseSecretBody } from './member-inputs';

/**
 * POST /api/invitations/{invitationId} with null or `{secret}`: 200 the
 * invitation when the secret matches or it is addressed to the caller; 404 otherwise.
 */
export const lookUpInvitation: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const invitationId = pathUuid(pathParameters.invitationId, 'Invitation');
  const secret = parseSecretBody(body);
  return jsonResponse(200, await findInvitation(runtime.db, invitationId, { email: caller.email }, secret, runtime.now()));
};
