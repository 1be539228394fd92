/**
 * Shapes of the answers the account screens read, as DECISIONS.md section 2,
 * part 2 and docs/members-and-invitations.md, docs/secrets.md, docs/settings.md
 * give them. The client keeps its own copies: it is built apart from the server.
 */

export type WorkspaceRole = 'viewer' | 'editor' | 'owner';
export const workspaceRoles: readonly WorkspaceRole[] = ['viewer', 'editor', 'owner'];

export interface SetupStatus {
  requiresSetup: boolean;
  requiresSetupToken: boolean;
  setupTokenHint: 'log' | 'operator';
  allowSelfRegistration: boolean;
  externalSignIn: ('github' | 'gitlab')[];
}

export interface UserView {
  id: string;
  email: string;
  name: string;
  isInstanceAdmin: boolean;
  createdAt: string;
}

export interface WorkspaceItem {
  id: string;
  name: string;
  role: WorkspaceRole;
}

export interface ProjectItem {
  id: string;
  name: string;
  description: string | null;
}

export interface Project extends ProjectItem {
  workspaceId: string;
  modelVersion: number;
  createdAt: string;
}

export interface AgentToken {
  id: string;
  name: string;
  scopes: ('read' | 'push')[];
  projectId: string | null;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedAgentToken extends AgentToken {
  token: string;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: WorkspaceRole;
  joinedAt: string;
}

export type InvitationStatus = 'open' | 'accepted' | 'declined' | 'revoked' | 'expired';

export interface Invitation {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: WorkspaceRole;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
}

export interface IssuedInvitation extends Invitation {
  secret: string;
}

export interface Membership {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
}

export interface SecretStatus {
  name: string;
  isSet: boolean;
  status: 'not_set' | 'ok' | 'origin_changed' | 'no_address' | 'unreadable';
  message: string;
  savedForOrigin: string | null;
  currentOrigin: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface FieldMessage {
  field: string;
  message: string;
}

/** A settings document, whole (effective, defaults) or partial (overrides): sections of keys. */
export type SettingsDocument = Record<string, Record<string, unknown>>;

export interface WorkspaceSettings {
  effective: SettingsDocument;
  overrides: SettingsDocument;
  defaults: SettingsDocument;
  policyViolations: FieldMessage[];
  version: number;
}

export interface InstancePolicy {
  allowSelfRegistration: boolean;
  allowPrivateNetworkUrls: boolean;
  allowedAiProviderKinds: string[];
  allowSendingPrivateCodeToAi: boolean;
  maxConcurrentStressRuns: number;
}

export interface InstanceSettings {
  policy: InstancePolicy;
  defaults: SettingsDocument;
  version: number;
  workspacesWithPolicyViolations: { workspaceId: string; name: string; policyViolations: FieldMessage[] }[];
}

export interface AuditEntry {
  id: string;
  workspaceId: string | null;
  actor: string;
  action: string;
  detail: unknown;
  at: string;
}

export interface Diagnostics {
  pendingMigrations: string[] | null;
  database: { reachable: boolean };
  eventStore: { reachable: boolean };
  jobQueue: { reachable: boolean; queued: number | null; locked: number | null };
  worker: { lastHeartbeatAt: string | null; lastWorker: string | null; recent: boolean };
}

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
