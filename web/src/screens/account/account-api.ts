/**
 * The account screens' answers (docs/members-and-invitations.md, docs/secrets.md,
 * docs/settings.md): the contracts' types (contracts/account.ts, contracts/settings.ts) under the
 * names the screens use.
 */
import type {
  AgentToken,
  AuditEntry,
  CreatedAgentToken,
  Diagnostics,
  Invitation,
  InvitationStatus,
  IssuedInvitation,
  Member,
  Membership,
  Project,
  ProjectListItem,
  SecretStatus,
  SetupStatus,
  User,
  WorkspaceRole,
  WorkspaceSummary,
} from '../../../../contracts/account';

export type { AgentToken, AuditEntry, CreatedAgentToken, Diagnostics, Invitation, InvitationStatus, IssuedInvitation, Member, Membership, Project, SecretStatus, SetupStatus, WorkspaceRole };
export type UserView = User;
export type WorkspaceItem = WorkspaceSummary;
export type ProjectItem = ProjectListItem;

export const workspaceRoles: readonly WorkspaceRole[] = ['viewer', 'editor', 'owner'];

export interface FieldMessage {
  field: string;
  message: string;
}

export type { InstancePolicy, InstanceSettings, WorkspaceSettings } from '../../../../contracts/settings';

/** `If-Match` of a settings save: the quoted version the form was read at (docs/settings.md "Concurrency"). */
export function ifMatch(version: number): Record<string, string> {
  return { 'if-match': `"${version}"` };
}

/** A date and time as a person reads it, in their own time zone. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString();
}
