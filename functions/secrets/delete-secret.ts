import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteSecretWithAudit } from '../../lib/secrets/audited-secret-changes';
import { secretNameFromPath } from './secret-name-from-path';

/** DELETE W/secrets/{name} (owner, person): 204, also when it was not set; an audit entry when one was deleted. */
export const deleteSecret: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const name = secretNameFromPath(pathParameters.name);
  await deleteSecretWithAudit(runtime.db, { workspaceId, name: name.name, actor: actorOf(caller), at: runtime.now() });
  return noContentResponse();
};
