import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { environmentSecretAddresses, secretOriginFor, secretValueProblem } from '../../lib/secrets/secret-names';
import { setSecretWithAudit } from '../../lib/secrets/audited-secret-changes';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';
import { secretNameFromPath } from './secret-name-from-path';

export const putSecretRequest = z.strictObject({
  value: z.string({ error: 'must be a string' }).describe('The credential, 1 to 4096 characters; never shown again'),
});

/**
 * PUT W/secrets/{name} (owner, person): 204. Stores the value encrypted under the master key, bound to the
 * origin of the address it is sent to now (docs/secrets.md). The audit entry names the secret, never the value.
 */
export const putSecret: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const name = secretNameFromPath(pathParameters.name);
  const { value } = parseBody(putSecretRequest, body);
  const problem = secretValueProblem(name, value);
  if (problem) throw HttpProblem.validation('Invalid request body', [{ field: 'value', message: problem }]);
  const origin = secretOriginFor(name, await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId), environmentSecretAddresses(runtime.config));
  if (!origin.known) {
    throw HttpProblem.validation('Unknown secret name', [{ field: 'name', message: 'names no AI provider of this workspace (ai.providers)' }]);
  }
  await setSecretWithAudit(runtime.db, runtime.keyring, { workspaceId, name: name.name, origin: origin.origin, value, actor: actorOf(caller), at: runtime.now() });
  return noContentResponse();
};
