import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse } from '../../lib/http/api-types';
import { defineRoute } from '../../lib/http/define-route';
import { pathUuid } from '../../lib/http/parse-input';
import { settingsContext } from '../../lib/settings/settings-context';
import { workspaceSettingsView } from '../../lib/settings/settings-service';
import { settingsEtag } from '../../lib/settings/settings-version-header';
import { etagNote, workspaceSettingsSchema } from './settings-view-schemas';

/** Any member: `ETag` the quoted version. */
export const getWorkspaceSettings = defineRoute({
  group: 'settings',
  operation: 'get-workspace-settings',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/settings',
  auth: 'signed-in',
  summary: 'Effective settings, overrides, defaults and policy violations of a workspace (member)',
  answers: { 200: workspaceSettingsSchema },
  access: { role: 'viewer' },
  description: etagNote,
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'viewer');
    const view = await workspaceSettingsView(settingsContext(runtime), workspaceId);
    return jsonResponse(200, view, { etag: settingsEtag(view.version) });
  },
});
