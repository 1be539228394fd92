import { me } from '../../session';
import { canEditIn } from '../views/workspace-role';

/**
 * What the caller may do in the load-tests area (docs/load-tests.md
 * "Endpoints"): editors add targets, profiles, scripts, runs and results;
 * only owners authorise a target and override its safe defaults. The screens
 * hide what the API would refuse; the API stays the authority.
 */
export function loadTestRole(workspaceId: string): { canEdit: boolean; isOwner: boolean } {
  const role = me.value?.workspaces.find((w) => w.id === workspaceId)?.role;
  return { canEdit: canEditIn(workspaceId), isOwner: role === 'owner' };
}

/** An actor (`user:<id>`, `agent-token:<id>`) as a person reads it: "you" for the caller. */
export function actorLabel(actor: string): string {
  const person = me.value?.user;
  return person && actor === `user:${person.id}` ? 'you' : actor;
}
