import { sql, type Kysely, type Selectable } from 'kysely';
import { generateSecret, hashSecret, secretsEqual } from '../../platform/crypto/secret-token';
import type { Database, InvitationsTable, UsersTable, WorkspaceRole } from '../../platform/db/schema';
import { insertUser } from '../users/user-store';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors/service-error';
import { appendAudit } from '../../platform/audit/audit-log';
import { addMemberKeepingHigherRole, isMemberByEmail, type Membership } from './member-store';
import type { Invitation, InvitationStatus } from '../../../contracts/account';

export const invitationSecretPrefix = 'svc_inv_';
/** An invitation can be accepted for this long after it was issued (or issued again). */
export const invitationLifetimeMs = 14 * 24 * 60 * 60 * 1000;

/** `expired` is never stored: it is an `open` invitation read after `expiresAt`. */
export type { InvitationStatus } from '../../../contracts/account';

/** An invitation as the API shows it; never its secret. */
export type InvitationView = Invitation;

type InvitationRow = Selectable<InvitationsTable> & { workspace_name: string };

function statusOf(row: Pick<InvitationRow, 'status' | 'expires_at'>, now: Date): InvitationStatus {
  if (row.status === 'open' && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

function toView(row: InvitationRow, now: Date): InvitationView {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    invitedBy: row.invited_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

function selectInvitations(db: Kysely<Database>) {
  return db.selectFrom('invitations').innerJoin('workspaces', 'workspaces.id', 'invitations.workspace_id').selectAll('invitations').select('workspaces.name as workspace_name');
}

/** Locks one invitation row for the rest of the transaction; undefined when there is none. */
async function lockInvitation(trx: Kysely<Database>, invitationId: string, workspaceId?: string): Promise<InvitationRow | undefined> {
  let query = selectInvitations(trx).where('invitations.id', '=', invitationId);
  if (workspaceId) query = query.where('invitations.workspace_id', '=', workspaceId);
  return query.forUpdate('invitations').executeTakeFirst();
}

/** Every invitation of a workspace, newest first. */
export async function listWorkspaceInvitations(db: Kysely<Database>, workspaceId: string, now: Date): Promise<InvitationView[]> {
  const rows = await selectInvitations(db).where('invitations.workspace_id', '=', workspaceId).orderBy('invitations.created_at', 'desc').orderBy('invitations.id').execute();
  return rows.map((r) => toView(r, now));
}

/** Open, unexpired invitations addressed to an e-mail address (case-insensitive), newest first. */
export async function listOpenInvitationsForEmail(db: Kysely<Database>, email: string, now: Date): Promise<InvitationView[]> {
  const rows = await selectInvitations(db)
    .where((eb) => eb(eb.fn('lower', ['invitations.email']), '=', email.toLowerCase()))
    .where('invitations.status', '=', 'open')
    .where('invitations.expires_at', '>', now)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id')
    .execute();
  return rows.map((r) => toView(r, now));
}

function secretMatches(row: Pick<InvitationRow, 'secret_hash'>, secret: string | null): boolean {
  // Compares hashes, in constant time: the stored value is a hash.
  return secret !== null && secretsEqual(hashSecret(secret), row.secret_hash);
}

function sameEmail(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export interface InvitationReader {
  email: string;
}

/**
 * One invitation for someone who holds its secret or is the person invited;
 * 404 for anyone else, so a guessed ID tells nothing.
 */
export async function lookUpInvitation(db: Kysely<Database>, invitationId: string, reader: InvitationReader, secret: string | null, now: Date): Promise<InvitationView> {
  const row = await selectInvitations(db).where('invitations.id', '=', invitationId).executeTakeFirst();
  if (!row || !(secretMatches(row, secret) || sameEmail(row.email, reader.email))) throw new NotFoundError('Invitation not found');
  return toView(row, now);
}

export interface IssueInvitationInput {
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  invitedBy: string;
  actor: string;
  now: Date;
}

export interface IssuedInvitation {
  invitation: InvitationView;
  /** Shown once to the inviter; stored only as a hash. */
  secret: string;
  /** False when an open invitation for the address was issued again. */
  created: boolean;
}

/**
 * Invites an e-mail address. An open, unexpired invitation for the same
 * address (case-insensitive) is issued again instead: its role is updated, it
 * gets a new secret (the old one stops working) and a new expiry. 409 when the
 * address already belongs to a member.
 */
export async function issueInvitation(db: Kysely<Database>, input: IssueInvitationInput): Promise<IssuedInvitation> {
  const secret = generateSecret(invitationSecretPrefix);
  const secretHash = hashSecret(secret);
  const expiresAt = new Date(input.now.getTime() + invitationLifetimeMs);
  const email = input.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    // Serialises two invitations of one address to one workspace, so at most one stays open.
    await sql`select pg_advisory_xact_lock(hashtext(${`svc-invitation:${input.workspaceId}:${email}`}))`.execute(trx);
    if (await isMemberByEmail(trx, input.workspaceId, email)) {
      throw new ConflictError('Already a member', 'A person with this e-mail address is already a member of the workspace.', [{ field: 'email', message: 'is already a member' }]);
    }
    const open = await trx
      .selectFrom('invitations')
      .select('id')
      .where('workspace_id', '=', input.workspaceId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('status', '=', 'open')
      .where('expires_at', '>', input.now)
      .orderBy('created_at', 'desc')
      .forUpdate()
      .executeTakeFirst();
    let id: string;
    if (open) {
      await trx.updateTable('invitations').set({ role: input.role, secret_hash: secretHash, expires_at: expiresAt }).where('id', '=', open.id).execute();
      id = open.id;
    } else {
      const row = await trx
        .insertInto('invitations')
        .values({ workspace_id: input.workspaceId, email: input.email, role: input.role, secret_hash: secretHash, status: 'open', invited_by: input.invitedBy, created_at: input.now, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await appendAudit(trx, {
      workspaceId: input.workspaceId,
      actor: input.actor,
      action: open ? 'invitation.reissue' : 'invitation.create',
      detail: { invitationId: id, email: input.email, role: input.role },
      at: input.now,
    });
    const row = await selectInvitations(trx).where('invitations.id', '=', id).executeTakeFirstOrThrow();
    return { invitation: toView(row, input.now), secret, created: !open };
  });
}

/**
 * Revokes an invitation of the workspace: its secret stops working. An
 * already revoked one answers as it is; an accepted or declined one 409.
 */
export async function revokeInvitation(db: Kysely<Database>, workspaceId: string, invitationId: string, actor: string, now: Date): Promise<InvitationView> {
  return db.transaction().execute(async (trx) => {
    const row = await lockInvitation(trx, invitationId, workspaceId);
    if (!row) throw new NotFoundError('Invitation not found');
    if (row.status === 'revoked') return toView(row, now);
    if (row.status !== 'open') throw new ConflictError('Invitation already decided', `The invitation was ${row.status}; it can no longer be revoked.`);
    await trx.updateTable('invitations').set({ status: 'revoked', decided_at: now }).where('id', '=', invitationId).execute();
    await appendAudit(trx, { workspaceId, actor, action: 'invitation.revoke', detail: { invitationId, email: row.email }, at: now });
    return toView({ ...row, status: 'revoked', decided_at: now }, now);
  });
}

export interface InvitationDecision {
  invitationId: string;
  caller: { userId: string; email: string };
  /** The secret the caller sent, or null. */
  secret: string | null;
  actor: string;
  now: Date;
}

/**
 * The checks of accept and decline, in this order: 404 unknown; 403 when the
 * secret is required or given and does not match; 403 when the caller is not
 * the person invited; 409 when the invitation is not open (or expired).
 */
function checkDecision(row: InvitationRow | undefined, decision: InvitationDecision, secretRequired: boolean, now: Date): asserts row is InvitationRow {
  if (!row) throw new NotFoundError('Invitation not found');
  if ((secretRequired || decision.secret !== null) && !secretMatches(row, decision.secret)) {
    throw new ForbiddenError('Wrong invitation secret', secretRequired ? 'Send the secret of the invitation as "secret"; a re-sent invitation has a new secret.' : 'The secret does not belong to this invitation.');
  }
  if (!sameEmail(row.email, decision.caller.email)) {
    throw new ForbiddenError('Invitation is for another e-mail address', 'Sign in with the account of the e-mail address that was invited.');
  }
  const status = statusOf(row, now);
  if (status !== 'open') throw new ConflictError('Invitation not open', `The invitation is ${status}.`);
}

/**
 * Accepts: in one transaction, the invitation becomes accepted and the caller a member (keeping a higher role).
 * The body is "null or InvitationSecretRequest": the person invited, signed in, accepts from their own list
 * without the secret; a secret that is sent must match.
 */
export async function acceptInvitation(db: Kysely<Database>, decision: InvitationDecision): Promise<Membership> {
  return db.transaction().execute(async (trx) => {
    const row = await lockInvitation(trx, decision.invitationId);
    checkDecision(row, decision, false, decision.now);
    await trx.updateTable('invitations').set({ status: 'accepted', decided_at: decision.now }).where('id', '=', row.id).execute();
    const membership = await addMemberKeepingHigherRole(trx, row.workspace_id, decision.caller.userId, row.role, decision.now);
    await appendAudit(trx, {
      workspaceId: row.workspace_id,
      actor: decision.actor,
      action: 'invitation.accept',
      detail: { invitationId: row.id, invitedRole: row.role, role: membership.role },
      at: decision.now,
    });
    return membership;
  });
}

export interface InvitedAccount {
  invitationId: string;
  secret: string;
  name: string;
  passwordHash: string;
  now: Date;
}

/**
 * Creates the account of the invited e-mail address for the holder of the invitation's secret, whatever the
 * self-registration policy says (an invitation is an owner's word that this person may join), and accepts the
 * invitation with it, in one transaction. 404 unknown; 403 wrong secret; 409 not open; 409 when an account
 * with that address exists (it signs in and accepts instead).
 */
export async function registerThroughInvitation(db: Kysely<Database>, input: InvitedAccount): Promise<{ user: Selectable<UsersTable>; membership: Membership }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockInvitation(trx, input.invitationId);
    if (!row) throw new NotFoundError('Invitation not found');
    if (!secretMatches(row, input.secret)) throw new ForbiddenError('Wrong invitation secret', 'Send the secret of the invitation as "secret"; a re-sent invitation has a new secret.');
    const status = statusOf(row, input.now);
    if (status !== 'open') throw new ConflictError('Invitation not open', `The invitation is ${status}.`);
    const user = await insertUser(trx, { email: row.email, name: input.name, passwordHash: input.passwordHash, isInstanceAdmin: false }, input.now);
    if (!user) throw new ConflictError('E-mail address in use', 'An account with the invited e-mail address exists; sign in and accept the invitation instead.', [{ field: 'email', message: 'is in use' }]);
    await trx.updateTable('invitations').set({ status: 'accepted', decided_at: input.now }).where('id', '=', row.id).execute();
    const membership = await addMemberKeepingHigherRole(trx, row.workspace_id, user.id, row.role, input.now);
    const actor = `user:${user.id}`;
    await appendAudit(trx, { workspaceId: null, actor, action: 'auth.register', detail: { method: 'invitation', invitationId: row.id }, at: input.now });
    await appendAudit(trx, { workspaceId: row.workspace_id, actor, action: 'invitation.accept', detail: { invitationId: row.id, invitedRole: row.role, role: membership.role }, at: input.now });
    return { user, membership };
  });
}

/** Declines: the invitation becomes declined; its secret stops working. */
export async function declineInvitation(db: Kysely<Database>, decision: InvitationDecision): Promise<InvitationView> {
  return db.transaction().execute(async (trx) => {
    const row = await lockInvitation(trx, decision.invitationId);
    checkDecision(row, decision, false, decision.now);
    await trx.updateTable('invitations').set({ status: 'declined', decided_at: decision.now }).where('id', '=', row.id).execute();
    await appendAudit(trx, { workspaceId: row.workspace_id, actor: decision.actor, action: 'invitation.decline', detail: { invitationId: row.id }, at: decision.now });
    return toView({ ...row, status: 'declined', decided_at: decision.now }, decision.now);
  });
}
