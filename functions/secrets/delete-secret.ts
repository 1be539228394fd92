import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { appendAudit } from '../../lib/audit/audit-log';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteSecret as removeSecret } from '../../lib/secrets/secret-store';
import { secretNameFromPath } from './secret-name-from-path';

/** DELETE W/secrets/{name} (owner, person): 204, also when it was not set; an audit entry when one was deleted. */
export const deleteSecret: Operation = async ({ runtime, caller, pathParameters }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const name = secretNameFromPath(pathParameters.name);
  const now = runtime.now();
  await runtime.db.transaction().execute(async (trx) => {
    if (await removeSecret(trx, workspaceId, name.name)) {
      await appendAudit(trx, { workspaceId, actor: actorOf(caller), action: 'secret.delete', detail: { name: name.name }, at: now });
    }
  });
  return noContentResponse();
};
