import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { workspaceHostClient } from '../../lib/sources/workspace-host-client';
import { withHostProblems } from '../../lib/sources/host-problem';
import { hostOfRoute } from './host-of-route';

/**
 * POST W/github/test, W/gitlab/test (owner): 200 `{host, apiBaseUrl, tokenSet, ok, status, message, login, scopes}`:
 * whether the host answers at the workspace's address with the saved token (a failure is reported, not raised).
 */
export const testHostConnection: Operation = async ({ runtime, caller, pathParameters, route }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { workspace } = await authorizeWorkspace(runtime.db, caller, pathUuid(pathParameters.workspaceId, 'Workspace'), 'owner');
  const host = hostOfRoute(route);
  const { client, apiBaseUrl, tokenSet } = await withHostProblems(() => workspaceHostClient({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, workspace.id, host));
  const test = await client.testConnection();
  return jsonResponse(200, { host, apiBaseUrl, tokenSet, ok: test.ok, status: test.status, message: test.message, login: test.login ?? null, scopes: test.scopes ?? null });
};
