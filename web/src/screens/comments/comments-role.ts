import { me } from '../../session';

/**
 * What the caller may do with comments (docs/comments.md "Roles"): every member comments and
 * raises questions; editors resolve, reopen and record decisions; the author edits a comment;
 * the author or an owner deletes it. The screens hide what the API would refuse.
 */
export function commentsRole(workspaceId: string): { userId: string | null; canDecide: boolean; isOwner: boolean } {
  const role = me.value?.workspaces.find((w) => w.id === workspaceId)?.role;
  return { userId: me.value?.user.id ?? null, canDecide: role === 'editor' || role === 'owner', isOwner: role === 'owner' };
}

/** When something happened, as a person reads it in their own time zone. */
export function whenText(iso: string): string {
  return new Date(iso).toLocaleString();
}
