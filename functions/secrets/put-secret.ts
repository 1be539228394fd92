import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { setSecretWithAudit } from '../../lib/features/secrets/audited-secret-changes';
import { environmentSecretAddresses, secretOriginFor, secretValueProblem } from '../../lib/features/secrets/secret-names';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';
import { secretNameFromPath } from './secret-name-from-path';
import { secretNameParams } from './secret-status-schema';

const putSecretRequest = z.strictObject({
  value: z.string({ error: 'must be a string' }).describe('The credential, 1 to 4096 characters; never shown again'),
});

/** Stored encrypted under the master key; the audit entry names the secret, never the value. */
export const putSecret = defineRoute({
  group: 'secrets',
  operation: 'put-secret',
  method: 'PUT',
  path: '/api/workspaces/{workspaceId}/secrets/{name}',
  auth: 'person',
  bodyLimitBytes: bodyLimits.credential,
  summary: 'Store a credential, bound to the origin of the address it is sent to (owner)',
  params: secretNameParams,
  body: putSecretRequest,
  answers: { 204: 'empty', 400: 'problem' },
  access: { role: 'owner' },
  description: 'Stored encrypted, bound to the origin of the address it is sent to now (docs/secrets.md); 400 for a name this service does not know.',
  example: { params: { name: 'gitlab:token' }, body: { value: 'glpat-contract-example' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
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
  },
});
