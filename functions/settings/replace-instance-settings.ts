import { actorOf } from '../../lib/http/caller';
import { jsonResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { parseBody } from '../../lib/http/parse-input';
import { bodyLimits } from '../../lib/http/route-definition';
import { settingsContext } from '../../lib/settings/settings-context';
import { instanceSettingsBody } from '../../lib/settings/settings-schema';
import { replaceInstanceSettings as replaceSettings } from '../../lib/settings/settings-service';
import { ifMatchVersion, settingsEtag } from '../../lib/settings/settings-version-header';
import { requireInstanceAdmin } from './require-instance-admin';
import { etagNote, ifMatchHeader, instanceSettingsSchema } from './settings-view-schemas';

/** Instance administrator, a person; the answer is the new settings as GET answers them. */
export const replaceInstanceSettings = defineRoute({
  group: 'settings',
  operation: 'replace-instance-settings',
  method: 'PUT',
  path: '/api/instance/settings',
  auth: 'person',
  bodyLimitBytes: bodyLimits.instanceSettings,
  summary: 'Replace policy and defaults; If-Match required (instance administrator)',
  headers: ifMatchHeader,
  body: instanceSettingsBody,
  answers: { 200: instanceSettingsSchema, 400: 'problem', 412: 'problem', 428: 'problem' },
  access: { role: 'instance administrator' },
  description: `The body, exactly \`policy\` and \`defaults\`, replaces both. ${etagNote}`,
  example: { headers: { 'if-match': '{instanceSettingsEtag}' }, body: { policy: '{instancePolicy}', defaults: '{instanceDefaults}' } },
  run: async ({ runtime, caller, headers, body }) => {
    requireInstanceAdmin(caller);
    const expectedVersion = ifMatchVersion(headers);
    const input = parseBody(instanceSettingsBody, body);
    const view = await replaceSettings(settingsContext(runtime), { expectedVersion, policy: input.policy, defaults: input.defaults, actor: actorOf(caller) });
    return jsonResponse(200, view, { etag: settingsEtag(view.version) });
  },
});
