import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { pushSettings } from '../../lib/scans/push-snapshot';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';
import { authorizePush } from './push-access';

/** GET P/sources/push (agent token with `push`): 200 `{rulesVersion, factFormatVersion, limits, maxBodyBytes}`; 403. */
export const getPushSettings: Operation = async ({ runtime, caller, pathParameters }) => {
  const { project } = await authorizePush(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'));
  return jsonResponse(200, pushSettings(await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, project.workspaceId)));
};
