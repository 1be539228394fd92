import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { settingsContext } from '../../lib/features/settings/settings-context';
import { instanceSettingsBody } from '../../lib/features/settings/settings-schema';
import { replaceInstanceSettings as replaceSettings } from '../../lib/features/settings/settings-service';
import { ifMatchVersion, settingsEtag } from '../../lib/features/settings/settings-version-header';
import { requireInstanceAdmin } from './require-instance-admin';
import { instanceSettingsSchema } from '../../contracts/settings';
import { etagNote, ifMatchHeader } from './settings-etag';

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
