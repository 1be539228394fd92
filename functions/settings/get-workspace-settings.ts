import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { settingsContext } from '../../lib/features/settings/settings-context';
import { workspaceSettingsView } from '../../lib/features/settings/settings-service';
import { settingsEtag } from '../../lib/features/settings/settings-version-header';
import { workspaceSettingsSchema } from '../../contracts/settings';
import { etagNote } from './settings-etag';

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
