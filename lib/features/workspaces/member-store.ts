import { sql, type Kysely } from 'kysely';
import type { Database, WorkspaceRole } from '../../platform/db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors/service-error';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Member, Membership as MembershipView } from '../../../contracts/account';

/** A member as `GET W/members` shows it. */
export type MemberView = Member;

/** One person's membership of one workspace. */
export type Membership = MembershipView;

/** The members of a workspace with their account, by name then user ID. */
export async function listMembers(db: Kysely<Database>, workspaceId: string): Promise<MemberView[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select(['users.id as userId', 'users.email', 'users.name', 'workspace_members.role', 'workspace_members.created_at'])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({ userId: r.userId, email: r.email, name: r.name, role: r.role, joinedAt: r.created_at.toISOString() }));
}

/** True when a person with this e-mail address (case-insensitive) belongs to the workspace. */
export async function isMemberByEmail(db: Kysely<Database>, workspaceId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select('users.id')
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

const lastOwner = () =>
  new ConflictError('Last owner', 'A workspace keeps at least one owner: make another member owner first.');

/**
 * Locks the workspace's owner rows (in user-ID order, so concurrent callers
 * queue instead of deadlocking) and then the target row. A concurrent change
 * that committed first is seen: after the wait Postgres re-checks
 * `role = 'owner'` on the newest row version.
 */
async function lockOwnersAndMember(trx: Kysely<Database>, workspaceId: string, userId: string): Promise<{ owners: string[]; role: WorkspaceRole | undefined }> {
  const owners = await trx
    .selectFrom('workspace_members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .orderBy('user_id')
    .forUpdate()
    .execute();
  const member = await trx
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return { owners: owners.map((o) => o.user_id), role: member?.role };
}

export interface MemberChange {
  workspaceId: string;
  userId: string;
  actor: string;
  now: Date;
  /**
   * The user ID of a caller who must (still) be an owner. Checked again under
   * the lock: an owner demoted by a concurrent call gets 403, not a change.
   */
  ownerUserId?: string;
}

function checkStillOwner(change: MemberChange, owners: readonly string[]): void {
  if (change.ownerUserId !== undefined && !owners.includes(change.ownerUserId)) {
    throw new ForbiddenError('Role too low', 'This call needs the owner role in the workspace.');
  }
}

/**
 * Gives a member another role. 404 when the person is not a member; 409 when
 * it would leave the workspace without an owner (nothing changes then).
 */
export async function changeMemberRole(db: Kysely<Database>, change: MemberChange & { role: WorkspaceRole }): Promise<Membership> {
  return db.transaction().execute(async (trx) => {
    const { owners, role } = await lockOwnersAndMember(trx, change.workspaceId, change.userId);
    checkStillOwner(change, owners);
    if (!role) throw new NotFoundError('Member not found');
    if (role === 'owner' && change.role !== 'owner' && owners.length <= 1) throw lastOwner();
    if (role !== change.role) {
      await trx.updateTable('workspace_members').set({ role: change.role }).where('workspace_id', '=', change.workspaceId).where('user_id', '=', change.userId).execute();
      await appendAudit(trx, {
        workspaceId: change.workspaceId,
        actor: change.actor,
        action: 'member.role-change',
        detail: { userId: change.userId, from: role, to: change.role },
        at: change.now,
      });
    }
    return { workspaceId: change.workspaceId, userId: change.userId, role: change.role };
  });
}

/** Removes a member; answers the removed membership. 404 unknown, 409 for the last owner. */
export async function removeMember(db: Kysely<Database>, change: MemberChange): Promise<Membership> {
  return db.transaction().execute(async (trx) => {
    const { owners, role } = await lockOwnersAndMember(trx, change.workspaceId, change.userId);
    checkStillOwner(change, owners);
    if (!role) throw new NotFoundError('Member not found');
    if (role === 'owner' && owners.length <= 1) throw lastOwner();
    await trx.deleteFrom('workspace_members').where('workspace_id', '=', change.workspaceId).where('user_id', '=', change.userId).execute();
    await appendAudit(trx, {
      workspaceId: change.workspaceId,
      actor: change.actor,
      action: 'member.remove',
      detail: { userId: change.userId, role },
      at: change.now,
    });
    return { workspaceId: change.workspaceId, userId: change.userId, role };
  });
}

/**
 * Makes a person a member with `role`; an existing member keeps the higher of
 * their role and `role`. Run inside the caller's transaction.
 */
export async function addMemberKeepingHigherRole(trx: Kysely<Database>, workspaceId: string, userId: string, role: WorkspaceRole, now: Date): Promise<Membership> {
  const rank = (column: ReturnType<typeof sql.ref>) => sql`case ${column} when 'owner' then 3 when 'editor' then 2 else 1 end`;
  const row = await trx
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: userId, role, created_at: now })
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'user_id']).doUpdateSet({
        role: sql<WorkspaceRole>`case when ${rank(sql.ref('excluded.role'))} > ${rank(sql.ref('workspace_members.role'))} then excluded.role else workspace_members.role end`,
      }),
    )
    .returning(['workspace_id', 'user_id', 'role'])
    .executeTakeFirstOrThrow();
  return { workspaceId: row.workspace_id, userId: row.user_id, role: row.role };
}
