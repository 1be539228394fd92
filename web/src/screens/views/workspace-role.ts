import { me } from '../../session';

/** Whether the signed-in person may edit in the workspace (editor or owner): screens hide what the API would refuse. */
export function canEditIn(workspaceId: string): boolean {
  const role = me.value?.workspaces.find((w) => w.id === workspaceId)?.role;
  return role === 'editor' || role === 'owner';
}
