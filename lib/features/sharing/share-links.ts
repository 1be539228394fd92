import type { ShareLink } from '../../../contracts/views';
import type { Kysely } from 'kysely';
import { appendAudit } from '../../platform/audit/audit-log';
import { hashPassword } from '../auth/password';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { NotFoundError, RefusedError, ValidationError } from '../../platform/errors/service-error';
import { findView, type ViewRecord } from '../../core/model/view-store';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { findProject, type ProjectRecord } from '../workspaces/project-store';
import { linkPolicyAllows, shareLinkStatus, type LinkPolicy, type ShareLinkStatus } from './share-link-rules';
import { findShareLinkByTokenHash, insertShareLink, listShareLinks, revokeShareLink, type ShareLinkRecord } from './share-link-store';
import { generateShareToken, hashShareToken, hasShareTokenShape } from './share-token';

/** What the sharing rules need of the runtime. */
export interface SharingContext {
  db: Kysely<Database>;
  profile: Profile;
  now: () => Date;
}

/** The `sharing` section that applies to a workspace now (its overrides under the instance policy). */
export interface SharingSettings {
  linkPolicy: LinkPolicy;
  embedHosts: string[];
}

export async function sharingSettingsOf(context: Pick<SharingContext, 'db' | 'profile'>, workspaceId: string): Promise<SharingSettings> {
  return (await effectiveWorkspaceSettings(context, workspaceId)).sharing;
}

/** A link as the API answers it: never the token or a hash; `status` from the policy in force now. */
export type ShareLinkAnswer = ShareLink;

function statusOf(link: ShareLinkRecord, policy: LinkPolicy, now: Date): ShareLinkStatus {
  return shareLinkStatus({ hasPassword: link.passwordHash !== null, expiresAt: link.expiresAt, revokedAt: link.revokedAt }, policy, now);
}

export function shareLinkAnswer(link: ShareLinkRecord, policy: LinkPolicy, now: Date): ShareLinkAnswer {
  return {
    id: link.id,
    viewId: link.viewId,
    hasPassword: link.passwordHash !== null,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    createdBy: link.createdBy,
    status: statusOf(link, policy, now),
  };
}

/** The links of a view (404 when the project has no such view), with their status under the workspace's policy now. */
export async function shareLinksOfView(context: SharingContext, project: ProjectRecord, viewId: string): Promise<ShareLinkAnswer[]> {
  if (!(await findView(context.db, project.id, viewId))) throw new NotFoundError('View not found');
  const { linkPolicy } = await sharingSettingsOf(context, project.workspaceId);
  const now = context.now();
  return (await listShareLinks(context.db, project.id, viewId)).map((link) => shareLinkAnswer(link, linkPolicy, now));
}

/**
 * Makes a link of a view when the workspace policy allows one like it: `off`
 * → 409 `share_link_not_allowed`; `password-only` without a password → 400 on
 * `password` (docs/decisions.md "Share links"). The token is returned once.
 */
export async function createShareLink(
  context: SharingContext,
  input: { project: ProjectRecord; viewId: string; password: string | null; expiresAt: Date | null; createdBy: string; actor: string },
): Promise<{ link: ShareLinkAnswer; token: string }> {
  const { project } = input;
  if (!(await findView(context.db, project.id, input.viewId))) throw new NotFoundError('View not found');
  const { linkPolicy } = await sharingSettingsOf(context, project.workspaceId);
  if (linkPolicy === 'off') {
    throw new RefusedError('share_link_not_allowed', 'Share links are off', 'The workspace setting sharing.linkPolicy is off: no share link can be made or answer.');
  }
  if (!linkPolicyAllows(linkPolicy, input.password !== null)) {
    throw new ValidationError('Invalid request body', [{ field: 'password', message: 'is required: the workspace policy (sharing.linkPolicy password-only) requires a password' }]);
  }
  const now = context.now();
  const token = generateShareToken();
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const link = await insertShareLink(context.db, { projectId: project.id, viewId: input.viewId, tokenHash: hashShareToken(token), passwordHash, expiresAt: input.expiresAt, createdBy: input.createdBy }, now);
  await appendAudit(context.db, {
    workspaceId: project.workspaceId,
    actor: input.actor,
    action: 'share-link.create',
    detail: { linkId: link.id, projectId: project.id, viewId: link.viewId, hasPassword: passwordHash !== null, expiresAt: link.expiresAt?.toISOString() ?? null },
    at: now,
  });
  return { link: shareLinkAnswer(link, linkPolicy, now), token };
}

/** Revokes a link of the project (404 when it has none by that ID); the audit names the first revocation only. */
export async function revokeProjectShareLink(context: SharingContext, input: { project: ProjectRecord; linkId: string; actor: string }): Promise<void> {
  const now = context.now();
  const outcome = await revokeShareLink(context.db, input.project.id, input.linkId, now);
  if (!outcome) throw new NotFoundError('Share link not found');
  if (!outcome.newlyRevoked) return;
  await appendAudit(context.db, {
    workspaceId: input.project.workspaceId,
    actor: input.actor,
    action: 'share-link.revoke',
    detail: { linkId: outcome.link.id, projectId: input.project.id, viewId: outcome.link.viewId },
    at: now,
  });
}

/** A link that answers, with what its pages show and how they may be framed. */
export interface LiveShareLink {
  link: ShareLinkRecord;
  view: ViewRecord;
  project: ProjectRecord;
  sharing: SharingSettings;
}

/**
 * The link a token opens, or null when it opens nothing: unknown token,
 * revoked, expired, or not allowed by the policy now. One answer for all of
 * them, so a token cannot be probed for which it is.
 */
export async function openShareLink(context: SharingContext, token: string): Promise<LiveShareLink | null> {
  if (!hasShareTokenShape(token)) return null;
  const link = await findShareLinkByTokenHash(context.db, hashShareToken(token));
  if (!link) return null;
  const project = await findProject(context.db, link.projectId);
  const view = await findView(context.db, link.projectId, link.viewId);
  if (!project || !view) return null;
  const sharing = await sharingSettingsOf(context, project.workspaceId);
  if (statusOf(link, sharing.linkPolicy, context.now()) !== 'active') return null;
  return { link, view, project, sharing };
}
