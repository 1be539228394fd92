import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { workspaceSettingsView } from '../../lib/settings/settings-service';
import { settingsEtag } from '../../lib/settings/settings-version-header';
import { settingsContext } from '../../lib/settings/settings-context';

/** GET W/settings (any member): 200 `{effective, overrides, defaults, policyViolations, version}`, `ETag` the quoted version. */
export const getWorkspaceSettings: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'viewer');
  const view = await workspaceSettingsView(settingsContext(runtime), workspaceId);
  return jsonResponse(200, view, { etag: settingsEtag(view.version) });
};
