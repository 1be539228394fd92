/**
 * What the account endpoints answer: first-run setup and sign-in, people, workspaces, projects,
 * members and invitations (docs/members-and-invitations.md), agent tokens, the status of a
 * workspace's credentials (docs/secrets.md), audit entries and the instance's diagnostics
 * (docs/operations.md). One zod schema per answer, its type made from it; the server answers with
 * these types and the web client reads them.
 */
import { z } from 'zod';
import { guid, listOf, pageOf, timestamp } from './schema-kit';

/** A person's role in a workspace. */
export const workspaceRoles = ['viewer', 'editor', 'owner'] as const;
export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** What an agent token may do: read, and push snapshots. */
export const agentTokenScopes = ['read', 'push'] as const;
export type AgentTokenScope = (typeof agentTokenScopes)[number];

/** A person's account as the API shows it. */
export const userViewSchema = z.object({ id: guid, email: z.string(), name: z.string(), isInstanceAdmin: z.boolean(), createdAt: timestamp }).meta({ id: 'User' });
export type User = z.infer<typeof userViewSchema>;

export const workspaceSchema = z.object({ id: guid, name: z.string() }).meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

/** A workspace with the caller's role in it. */
export const workspaceSummarySchema = z.object({ id: guid, name: z.string(), role: workspaceRoleSchema }).meta({ id: 'WorkspaceWithRole' });
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** A project as the API shows it; `modelVersion` is the version of its main model. */
export const projectSchema = z
  .object({
    id: guid,
    workspaceId: guid,
    name: z.string(),
    description: z.string().nullable(),
    modelVersion: z.number().int().meta({ description: 'Version of the main model: one more with every change.' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectListItemSchema = z.object({ id: guid, name: z.string(), description: z.string().nullable() });
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const agentTokenSchema = z
  .object({
    id: guid,
    workspaceId: guid,
    name: z.string(),
    scopes: z.array(z.enum(agentTokenScopes)),
    projectId: guid.nullable().meta({ description: 'The one project the token may reach; null for the whole workspace.' }),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
    createdBy: z.string().nullable(),
    lastUsedAt: timestamp.nullable(),
  })
  .meta({ id: 'AgentToken' });
export type AgentToken = z.infer<typeof agentTokenSchema>;

/** One person's membership of one workspace. */
export const membershipSchema = z.object({ workspaceId: guid, userId: guid, role: workspaceRoleSchema }).meta({ id: 'Membership' });
export type Membership = z.infer<typeof membershipSchema>;

/** A member as `GET W/members` shows it. */
export const memberSchema = z.object({ userId: guid, email: z.string(), name: z.string(), role: workspaceRoleSchema, joinedAt: timestamp });
export type Member = z.infer<typeof memberSchema>;

/** `expired` is never stored: it is an `open` invitation read after `expiresAt`. */
export const invitationStatuses = ['open', 'accepted', 'declined', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** An invitation as the API shows it; never its secret. */
export const invitationSchema = z
  .object({
    id: guid,
    workspaceId: guid,
    workspaceName: z.string(),
    email: z.string(),
    role: workspaceRoleSchema,
    status: z.enum(invitationStatuses),
    invitedBy: guid.nullable(),
    createdAt: timestamp,
    expiresAt: timestamp,
    decidedAt: timestamp.nullable(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** An entry as the audit endpoints answer it. */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    workspaceId: guid.nullable(),
    actor: z.string().meta({ description: '`user:<id>`, `agent-token:<id>`, `operator`, or `address:<client address>`.' }),
    action: z.string(),
    detail: z.unknown(),
    at: timestamp,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/setup/status`: whether first-run setup is due, and what a sign-in page may offer. */
export const setupStatusSchema = z.object({
  requiresSetup: z.boolean(),
  requiresSetupToken: z.boolean(),
  setupTokenHint: z.enum(['log', 'operator']).meta({ description: '`log`: the code is in the log and the data directory; `operator`: ask whoever runs the instance.' }),
  allowSelfRegistration: z.boolean(),
  externalSignIn: z.array(z.enum(['github', 'gitlab'])),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** `POST /api/setup`: the instance administrator and the Default workspace. */
export const setupAnswerSchema = z.object({ user: userViewSchema, workspace: workspaceSchema });
export type SetupAnswer = z.infer<typeof setupAnswerSchema>;

/** The answer of a sign-in (login, registration, external sign-in): the person signed in. */
export const signedInSchema = z.object({ user: userViewSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** `GET /api/auth/me`: the signed-in person and their workspaces, each with their role. */
export const meSchema = z.object({ user: userViewSchema, workspaces: z.array(workspaceSummarySchema) });
export type Me = z.infer<typeof meSchema>;

/** `GET /api/instance`: the profile, the release and whether anyone may register. */
export const instanceSchema = z.object({ profile: z.enum(['local', 'hosted']), version: z.string(), isInstanceAdmin: z.boolean(), allowSelfRegistration: z.boolean() });
export type Instance = z.infer<typeof instanceSchema>;

/** `GET /api/workspaces`: the caller's workspaces with their role. */
export const workspaceSummaryList = listOf(workspaceSummarySchema);

/** `GET W/projects`: projects by name. */
export const projectListPage = pageOf(projectListItemSchema);

/** `GET W/agent-tokens`: never a secret. */
export const agentTokenList = listOf(agentTokenSchema);

/** `POST W/agent-tokens`: the token with its secret, shown once. */
export const createdAgentTokenSchema = agentTokenSchema
  .pick({ id: true, name: true, scopes: true, projectId: true, expiresAt: true, createdAt: true })
  .extend({ token: z.string().meta({ description: 'The secret: shown this once, send it as `Authorization: Bearer <token>`.' }) });
export type CreatedAgentToken = z.infer<typeof createdAgentTokenSchema>;

/** `GET W/members`: by name then user ID. */
export const memberList = listOf(memberSchema);

/** `GET W/invitations` and `GET /api/invitations`: never a secret. */
export const invitationList = listOf(invitationSchema);

/** `POST W/invitations`, 201: the new invitation with its secret, shown once. */
export const issuedInvitationSchema = invitationSchema.extend({ secret: z.string().meta({ description: 'Shown this once: the invitation link carries it.' }) });
export type IssuedInvitation = z.infer<typeof issuedInvitationSchema>;

/** `POST W/invitations`, 200: an open invitation of the address, issued again with a new secret. */
export const reissuedInvitationSchema = invitationSchema.extend({ secret: z.string() }).meta({ description: 'An open invitation of the address, issued again with a new secret.' });

/** `POST /api/invitations/{id}/register`: the new account and its membership. */
export const registeredThroughInvitationSchema = z.object({ user: userViewSchema, membership: membershipSchema });
export type RegisteredThroughInvitation = z.infer<typeof registeredThroughInvitationSchema>;

/** `GET W/audit` and `GET /api/instance/audit`: newest first. */
export const auditEntryPage = pageOf(auditEntrySchema);

/** Where a workspace's credential stands (docs/secrets.md). */
export const secretStateSchema = z.enum(['not_set', 'ok', 'origin_changed', 'no_address', 'unreadable']);
export type SecretState = z.infer<typeof secretStateSchema>;

/** One entry of `GET W/secrets`: everything about a credential except its value. */
export const secretStatusSchema = z
  .object({
    name: z.string(),
    isSet: z.boolean(),
    status: secretStateSchema,
    message: z.string(),
    /** Null when not set, or saved while its address was not set. */
    savedForOrigin: z.string().nullable().meta({ description: 'The origin it was saved for.' }),
    currentOrigin: z.string().nullable().meta({ description: 'The origin it would be sent to now.' }),
    updatedAt: timestamp.nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'SecretStatus' });
export type SecretStatus = z.infer<typeof secretStatusSchema>;

/** `GET W/secrets`: never a value. */
export const secretStatusList = listOf(secretStatusSchema);

/** `GET /api/instance/diagnostics` (members explained in docs/operations.md). */
export const diagnosticsSchema = z.object({
  /** Migrations of this release not applied to the database; null when the database could not be read. */
  pendingMigrations: z.array(z.string()).nullable(),
  database: z.object({ reachable: z.boolean() }),
  /** The model change history (streams and their changes). */
  eventStore: z.object({ reachable: z.boolean() }),
  /** graphile-worker's schema and job table. */
  jobQueue: z.object({ reachable: z.boolean(), queued: z.number().int().nullable(), locked: z.number().int().nullable() }),
  worker: z.object({ lastHeartbeatAt: timestamp.nullable(), lastWorker: z.string().nullable(), recent: z.boolean() }),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;
