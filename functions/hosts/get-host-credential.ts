import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { environmentSecretAddresses } from '../../lib/secrets/secret-names';
import { describeSecrets } from '../../lib/secrets/secret-status';
import { listStoredSecrets } from '../../lib/secrets/secret-store';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';
import { withHostProblems } from '../../lib/sources/host-problem';
import { tokenSecretOf, workspaceHostClient } from '../../lib/sources/workspace-host-client';
import { hostOfRoute } from './host-of-route';

/**
 * GET W/github/credential, W/gitlab/credential (owner): 200 the token's status
 * (`isSet`, `status`, the origin it is bound to and the current one) and, when
 * it is usable, the login and scopes the host reports. Never the value.
 */
export const getHostCredential: Operation = async ({ runtime, caller, pathParameters, route }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { workspace } = await authorizeWorkspace(runtime.db, caller, pathUuid(pathParameters.workspaceId, 'Workspace'), 'owner');
  const host = hostOfRoute(route);
  const name = tokenSecretOf[host]!;
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspace.id);
  const status = describeSecrets(await listStoredSecrets(runtime.db, runtime.keyring, workspace.id), settings, environmentSecretAddresses(runtime.config)).find((s) => s.name === name)!;
  let reported: { login: string | null; scopes: string[] | null; message: string } | null = null;
  if (status.status === 'ok') {
    const { client } = await withHostProblems(() => workspaceHostClient({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, workspace.id, host));
    const test = await client.testConnection();
    reported = { login: test.login ?? null, scopes: test.scopes ?? null, message: test.message };
  }
  return jsonResponse(200, { host, name, isSet: status.isSet, status: status.status, message: status.message, boundToOrigin: status.savedForOrigin, currentOrigin: status.currentOrigin, login: reported?.login ?? null, scopes: reported?.scopes ?? null, hostMessage: reported?.message ?? null });
};
