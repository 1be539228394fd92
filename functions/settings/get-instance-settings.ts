import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { instanceSettingsView } from '../../lib/settings/settings-service';
import { settingsEtag } from '../../lib/settings/settings-version-header';
import { requireInstanceAdmin } from './require-instance-admin';
import { settingsContext } from '../../lib/settings/settings-context';

/** GET /api/instance/settings (instance administrator): 200 `{policy, defaults, version, workspacesWithPolicyViolations}`, `ETag` the quoted version. */
export const getInstanceSettings: Operation = async ({ runtime, caller }) => {
  if (!caller) throw HttpProblem.unauthorized();
  requireInstanceAdmin(caller);
  const view = await instanceSettingsView(settingsContext(runtime));
  return jsonResponse(200, view, { etag: settingsEtag(view.version) });
};
