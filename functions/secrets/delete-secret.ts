import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { deleteSecretWithAudit } from '../../lib/features/secrets/audited-secret-changes';
import { secretNameFromPath } from './secret-name-from-path';
import { secretNameParams } from './secret-status-schema';

/** An audit entry only when one was deleted. */
export const deleteSecret = defineRoute({
  group: 'secrets',
  operation: 'delete-secret',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}/secrets/{name}',
  auth: 'person',
  summary: 'Delete a credential; 204 also when it was not set (owner)',
  params: secretNameParams,
  answers: { 204: 'empty', 400: 'problem' },
  access: { role: 'owner' },
  description: '204 also when it was not set.',
  example: { params: { name: 'notifications:webhookSecret' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const name = secretNameFromPath(pathParameters.name);
    await deleteSecretWithAudit(runtime.db, { workspaceId, name: name.name, actor: actorOf(caller), at: runtime.now() });
    return noContentResponse();
  },
});
