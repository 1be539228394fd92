import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { environmentSecretAddresses } from '../../lib/features/secrets/secret-names';
import { describeSecrets } from '../../lib/features/secrets/secret-status';
import { listStoredSecrets } from '../../lib/features/secrets/secret-store';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';
import { secretStatusList } from '../../contracts/account';

/** Each origin is read from the workspace's effective settings now (docs/secrets.md). */
export const listSecrets = defineRoute({
  group: 'secrets',
  operation: 'list-secrets',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/secrets',
  auth: 'person',
  summary: 'Status of each credential of a workspace, never a value (owner)',
  answers: { 200: secretStatusList },
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
