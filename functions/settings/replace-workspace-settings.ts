import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { partialSettingsSchema } from '../../lib/settings/settings-schema';
import { replaceWorkspaceSettings as replaceSettings } from '../../lib/settings/settings-service';
import { ifMatchVersion, settingsEtag } from '../../lib/settings/settings-version-header';
import { settingsContext } from '../../lib/settings/settings-context';

/**
 * PUT W/settings (owner, a person; `If-Match` required): the body replaces
 * the overrides whole, a key left out returns to the instance default. 200
 * with the new settings as GET answers them.
 */
export const replaceWorkspaceSettings: Operation = async ({ runtime, caller, pathParameters, headers, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const expectedVersion = ifMatchVersion(headers);
  const overrides = parseBody(partialSettingsSchema, body);
  const view = await replaceSettings(settingsContext(runtime), { workspaceId, expectedVersion, overrides, actor: actorOf(caller) });
  return jsonResponse(200, view, { etag: settingsEtag(view.version) });
};
