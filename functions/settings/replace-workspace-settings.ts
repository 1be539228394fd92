import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { settingsContext } from '../../lib/features/settings/settings-context';
import { partialSettingsSchema } from '../../lib/features/settings/settings-schema';
import { replaceWorkspaceSettings as replaceSettings } from '../../lib/features/settings/settings-service';
import { ifMatchVersion, settingsEtag } from '../../lib/features/settings/settings-version-header';
import { workspaceSettingsSchema } from '../../contracts/settings';
import { etagNote, ifMatchHeader } from './settings-etag';

/** The fixture workspace's overrides (test/support/contract-world.ts), kept by the example. */
const worldSettingsOverrides = { sharing: { linkPolicy: 'public' }, cost: { azurePricesBaseUrl: '' }, github: { apiBaseUrl: 'http://127.0.0.1:9' }, gitlab: { apiBaseUrl: 'http://127.0.0.1:9' } };

/** Owner, a person; the answer is the new settings as GET answers them. */
export const replaceWorkspaceSettings = defineRoute({
  group: 'settings',
  operation: 'replace-workspace-settings',
  method: 'PUT',
  path: '/api/workspaces/{workspaceId}/settings',
  auth: 'person',
  bodyLimitBytes: bodyLimits.workspaceSettings,
  summary: 'Replace the overrides of a workspace; If-Match required (owner)',
  headers: ifMatchHeader,
  body: partialSettingsSchema,
  answers: { 200: workspaceSettingsSchema, 400: 'problem', 409: 'problem', 412: 'problem', 428: 'problem' },
  access: { role: 'owner' },
  description: `The body replaces the overrides whole; a key left out returns to the instance default. ${etagNote}`,
  example: { headers: { 'if-match': '{workspaceSettingsEtag}' }, body: { ...worldSettingsOverrides, simulation: { seed: 7 } } },
  run: async ({ runtime, caller, pathParameters, headers, body }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const expectedVersion = ifMatchVersion(headers);
    const overrides = parseBody(partialSettingsSchema, body);
    const view = await replaceSettings(settingsContext(runtime), { workspaceId, expectedVersion, overrides, actor: actorOf(caller) });
    return jsonResponse(200, view, { etag: settingsEtag(view.version) });
  },
});
