import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ForbiddenError } from '../../platform/errors/service-error';
import { authorizeProject, type ProjectAccess } from './access-policy';
import type { Caller } from '../../platform/http/caller';

/** The push endpoints take an agent token with the `push` scope of the project's workspace, nothing else (part 2 "Sources"; 403 otherwise). */
export async function authorizePush(db: Kysely<Database>, caller: Caller, projectId: string): Promise<ProjectAccess> {
  if (caller.kind !== 'agent-token') throw new ForbiddenError('Agent token required', 'Pushes are sent by the svc command-line tool with an agent token that has the "push" scope (SVC_TOKEN).');
  return authorizeProject(db, caller, projectId, 'editor', { tokenScope: 'push' });
}
