import { createGroupHandler } from '../../lib/http/create-group-handler';
import { acceptInvitation } from './accept-invitation';
import { changeMemberRole } from './change-member-role';
import { createInvitation } from './create-invitation';
import { declineInvitation } from './decline-invitation';
import { listInvitations } from './list-invitations';
import { listMembers } from './list-members';
import { listMyInvitations } from './list-my-invitations';
import { lookUpInvitation } from './look-up-invitation';
import { registerThroughInvitation } from './register-through-invitation';
import { removeMember } from './remove-member';
import { revokeInvitation } from './revoke-invitation';

export const handler = createGroupHandler('members', {
  'list-members': listMembers,
  'change-member-role': changeMemberRole,
  'remove-member': removeMember,
  'list-invitations': listInvitations,
  'create-invitation': createInvitation,
  'revoke-invitation': revokeInvitation,
  'list-my-invitations': listMyInvitations,
  'look-up-invitation': lookUpInvitation,
  'accept-invitation': acceptInvitation,
  'decline-invitation': declineInvitation,
  'register-through-invitation': registerThroughInvitation,
});
