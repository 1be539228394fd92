import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { pathUuid } from '../../lib/http/parse-input';
import { listOf } from '../../lib/schema/schema-kit';
import { environmentSecretAddresses } from '../../lib/secrets/secret-names';
import { describeSecrets } from '../../lib/secrets/secret-status';
import { listStoredSecrets } from '../../lib/secrets/secret-store';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';
import { secretStatusSchema } from './secret-status-schema';

/** Each origin is read from the workspace's effective settings now (docs/secrets.md). */
export const listSecrets = defineRoute({
  group: 'secrets',
  operation: 'list-secrets',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/secrets',
  auth: 'person',
  summary: 'Status of each credential of a workspace, never a value (owner)',
  answers: { 200: listOf(secretStatusSchema) },
  access: { role: 'owner' },
  description: 'Never a value.',
  example: {},
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const stored = await listStoredSecrets(runtime.db, runtime.keyring, workspaceId);
    const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId);
    return jsonResponse(200, { items: describeSecrets(stored, settings, environmentSecretAddresses(runtime.config)) });
  },
});
