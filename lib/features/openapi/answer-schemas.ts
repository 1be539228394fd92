/**
 * Answer schemas that more than one function group's contract uses: people,
 * workspaces, projects, memberships, invitations, audit entries. Each is
 * checked against the type the code answers with (`describes`).
 */
import { z } from 'zod';
import type { AuditEntryView } from '../../platform/audit/audit-log';
import type { AgentTokenRecord } from '../auth/agent-token-store';
import { agentTokenScopes } from '../../platform/http/caller';
import type { UserView } from '../users/user-store';
import type { InvitationView } from '../workspaces/invitation-store';
import type { Membership, MemberView } from '../workspaces/member-store';
import type { ProjectListItem, ProjectRecord } from '../workspaces/project-store';
import type { WorkspaceSummary } from '../workspaces/workspace-store';
import { describes, guid, timestamp } from '../../../contracts/schema-kit';

export const workspaceRoleSchema = z.enum(['viewer', 'editor', 'owner']);

export const userViewSchema = describes<UserView>()(
  z.object({ id: guid, email: z.string(), name: z.string(), isInstanceAdmin: z.boolean(), createdAt: timestamp }).meta({ id: 'User' }),
);

export const workspaceSchema = z.object({ id: guid, name: z.string() }).meta({ id: 'Workspace' });

export const workspaceSummarySchema = describes<WorkspaceSummary>()(z.object({ id: guid, name: z.string(), role: workspaceRoleSchema }).meta({ id: 'WorkspaceWithRole' }));

export const projectSchema = describes<ProjectRecord>()(
  z
    .object({
      id: guid,
      workspaceId: guid,
      name: z.string(),
      description: z.string().nullable(),
      modelVersion: z.number().int().meta({ description: 'Version of the main model: one more with every change.' }),
      createdAt: timestamp,
    })
    .meta({ id: 'Project' }),
);

export const projectListItemSchema = describes<ProjectListItem>()(z.object({ id: guid, name: z.string(), description: z.string().nullable() }));

export const agentTokenSchema = describes<AgentTokenRecord>()(
  z
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
    .meta({ id: 'AgentToken' }),
);

export const membershipSchema = describes<Membership>()(z.object({ workspaceId: guid, userId: guid, role: workspaceRoleSchema }).meta({ id: 'Membership' }));

export const memberSchema = describes<MemberView>()(z.object({ userId: guid, email: z.string(), name: z.string(), role: workspaceRoleSchema, joinedAt: timestamp }));

export const invitationSchema = describes<InvitationView>()(
  z
    .object({
      id: guid,
      workspaceId: guid,
      workspaceName: z.string(),
      email: z.string(),
      role: workspaceRoleSchema,
      status: z.enum(['open', 'accepted', 'declined', 'revoked', 'expired']),
      invitedBy: guid.nullable(),
      createdAt: timestamp,
      expiresAt: timestamp,
      decidedAt: timestamp.nullable(),
    })
    .meta({ id: 'Invitation' }),
);

export const auditEntrySchema = describes<AuditEntryView>()(
  z
    .object({
      id: z.string(),
      workspaceId: guid.nullable(),
      actor: z.string().meta({ description: '`user:<id>`, `agent-token:<id>`, `operator`, or `address:<client address>`.' }),
      action: z.string(),
      detail: z.unknown(),
      at: timestamp,
    })
    .meta({ id: 'AuditEntry' }),
);
