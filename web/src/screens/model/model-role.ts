import { me } from '../../session';

/** Editors and owners change the model; viewers read it (part 1 "Endpoints": roles). */
export function canEditModel(workspaceId: string): boolean {
  const role = me.value?.workspaces.find((w) => w.id === workspaceId)?.role;
  return role === 'editor' || role === 'owner';
}
