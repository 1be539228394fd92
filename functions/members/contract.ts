import { z } from 'zod';
import { invitationSchema, memberSchema, membershipSchema, userViewSchema } from '../../lib/openapi/answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { listOf } from '../../lib/openapi/schema-kit';
import { changeMemberRoleRequest } from './change-member-role';
import { createInvitationRequest } from './create-invitation';
import { invitationSecretRequest } from './member-inputs';
import { invitedAccountRequest } from './register-through-invitation';

const secretBody = invitationSecretRequest.nullable().meta({ description: 'null, or the secret of the invitation link' });

export const contracts: GroupContracts = {
  'list-members': {
    responses: { 200: listOf(memberSchema) },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
  'change-member-role': {
    body: changeMemberRoleRequest,
    responses: { 200: membershipSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'owner', note: 'The last owner keeps the role (409).' },
    example: { params: { memberUserId: '{spareMemberUserId}' }, body: { role: 'viewer' } },
  },
  'remove-member': {
    responses: { 200: membershipSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'owner', note: 'Any member may remove themself (leave); the last owner stays (409).' },
    example: { params: { memberUserId: '{doomedMemberUserId}' }, last: true },
  },
  'list-invitations': {
    responses: { 200: listOf(invitationSchema) },
    access: { role: 'owner' },
    example: {},
  },
  'create-invitation': {
    body: createInvitationRequest,
    responses: {
      201: invitationSchema.extend({ secret: z.string().meta({ description: 'Shown this once: the invitation link carries it.' }) }),
      200: invitationSchema.extend({ secret: z.string() }).meta({ description: 'An open invitation of the address, issued again with a new secret.' }),
      409: 'problem',
      429: 'problem',
    },
    access: { role: 'owner' },
    example: { body: { email: 'new@contract.test', role: 'editor' }, status: 201 },
  },
  'revoke-invitation': {
    responses: { 200: invitationSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'owner' },
    example: { params: { invitationId: '{doomedInvitationId}' }, last: true },
  },
  'list-my-invitations': {
    responses: { 200: listOf(invitationSchema) },
    access: { role: 'any', note: 'The open invitations addressed to the caller.' },
    example: { as: 'invitee' },
  },
  'look-up-invitation': {
    body: secretBody,
    responses: { 200: invitationSchema, 404: 'problem' },
    access: { role: 'any', note: 'The person invited, or whoever holds the secret.' },
    example: { as: 'invitee', params: { invitationId: '{invitationToDeclineId}' }, body: null },
  },
  'accept-invitation': {
    body: secretBody,
    responses: { 200: membershipSchema, 403: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'any', note: 'The person invited; a secret sent must match.' },
    example: { as: 'invitee', params: { invitationId: '{invitationToAcceptId}' }, body: { secret: '{invitationToAcceptSecret}' } },
  },
  'decline-invitation': {
    body: secretBody,
    responses: { 200: invitationSchema, 403: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'any', note: 'The person invited.' },
    example: { as: 'invitee', params: { invitationId: '{invitationToDeclineId}' }, body: null },
  },
  'register-through-invitation': {
    body: invitedAccountRequest,
    responses: { 201: z.object({ user: userViewSchema, membership: membershipSchema }), 403: 'problem', 404: 'problem', 409: 'problem' },
    description: 'Creates the account of the invited address whatever the self-registration policy, and sets the session cookie.',
    example: { as: 'anonymous', params: { invitationId: '{newcomerInvitationId}' }, body: { secret: '{newcomerInvitationSecret}', password: '{strongPassword}', name: 'Newcomer' } },
  },
};
