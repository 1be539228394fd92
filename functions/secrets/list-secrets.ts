import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { environmentSecretAddresses } from '../../lib/secrets/secret-names';
import { describeSecrets } from '../../lib/secrets/secret-status';
import { listStoredSecrets } from '../../lib/secrets/secret-store';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';

/**
 * GET W/secrets (owner): 200 `{items[{name, isSet, status, message, savedForOrigin, currentOrigin, updatedAt, updatedBy}]}`;
 * never a value. Each origin is read from the workspace's effective settings now (docs/secrets.md).
 */
export const listSecrets: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const stored = await listStoredSecrets(runtime.db, runtime.keyring, workspaceId);
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId);
  return jsonResponse(200, { items: describeSecrets(stored, settings, environmentSecretAddresses(runtime.config)) });
};
