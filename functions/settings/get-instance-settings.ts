import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { settingsContext } from '../../lib/features/settings/settings-context';
import { instanceSettingsView } from '../../lib/features/settings/settings-service';
import { settingsEtag } from '../../lib/features/settings/settings-version-header';
import { requireInstanceAdmin } from './require-instance-admin';
import { instanceSettingsSchema } from '../../contracts/settings';
import { etagNote } from './settings-etag';

/** Instance administrator: `ETag` the quoted version. */
export const getInstanceSettings = defineRoute({
  group: 'settings',
  operation: 'get-instance-settings',
  method: 'GET',
  path: '/api/instance/settings',
  auth: 'person',
  summary: 'Policy, defaults and the workspaces with policy violations (instance administrator)',
  answers: { 200: instanceSettingsSchema },
  access: { role: 'instance administrator' },
  description: etagNote,
  example: {},
  run: async ({ runtime, caller }) => {
    requireInstanceAdmin(caller);
    const view = await instanceSettingsView(settingsContext(runtime));
    return jsonResponse(200, view, { etag: settingsEtag(view.version) });
  },
});
