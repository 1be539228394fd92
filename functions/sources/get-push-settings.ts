import { pushSettingsSchema } from '../../contracts/sources';
import { authorizePush } from '../../lib/features/auth/push-access';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { pushSettings } from '../../lib/features/scans/push-snapshot';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';

/** An agent token with `push` only; 403 for anyone else. */
export const getPushSettings = defineRoute({
  group: 'sources',
  operation: 'get-push-settings',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/push',
  auth: 'signed-in',
  tokenScope: 'push',
  summary: "The server's extraction rules and the workspace import limits, for svc scan (push token)",
  answers: { 200: pushSettingsSchema },
  access: { role: 'editor', note: 'An agent token with the `push` scope only.' },
  example: { as: 'pushToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizePush(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'));
    return jsonResponse(200, pushSettings(await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, project.workspaceId)));
  },
});
