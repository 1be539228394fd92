import { z } from 'zod';
import { parseBody } from '../../lib/platform/http/parse-input';

/** A workspace role as a request names it. */
export const workspaceRole = z.enum(['viewer', 'editor', 'owner'], 'must be "viewer", "editor" or "owner"');

/** InvitationSecretRequest: the object form of the "null or an object" body of the invitation endpoints. */
export const invitationSecretRequest = z.strictObject({
  secret: z.string('must be a string').min(1, 'must not be empty').max(200, 'must have at most 200 characters'),
});

/** The body of look-up, accept and decline as their contracts give it: null, or InvitationSecretRequest. */
export const invitationSecretBody = invitationSecretRequest.nullable().meta({ description: 'null, or the secret of the invitation link' });

/**
 * The secret of a "null or InvitationSecretRequest" body: null for no body or
 * the literal null, else the strict object (unknown fields → 400).
 */
export function parseSecretBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  return parseBody(invitationSecretRequest, body).secret;
}
