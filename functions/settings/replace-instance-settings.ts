import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { instanceSettingsBody } from '../../lib/settings/settings-schema';
import { replaceInstanceSettings as replaceSettings } from '../../lib/settings/settings-service';
import { ifMatchVersion, settingsEtag } from '../../lib/settings/settings-version-header';
import { requireInstanceAdmin } from './require-instance-admin';
import { settingsContext } from '../../lib/settings/settings-context';

/**
 * PUT /api/instance/settings (instance administrator, a person; `If-Match`
 * required): the body, exactly `policy` and `defaults`, replaces both. 200
 * with the new settings as GET answers them.
 */
export const replaceInstanceSettings: Operation = async ({ runtime, caller, headers, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  requireInstanceAdmin(caller);
  const expectedVersion = ifMatchVersion(headers);
  const input = parseBody(instanceSettingsBody, body);
  const view = await replaceSettings(settingsContext(runtime), { expectedVersion, policy: input.policy, defaults: input.defaults, actor: actorOf(caller) });
  return jsonResponse(200, view, { etag: settingsEtag(view.version) });
};
