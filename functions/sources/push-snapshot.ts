import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { agentPushRequest, pushSnapshot as storePush } from '../../lib/scans/push-snapshot';
import { authorizePush } from './push-access';
import { scanRequestContext } from './source-context';

/** POST P/sources/push (agent token with `push`): 201 `{sourceId, scanId, snapshotId, proposals}`; 400; 403; 409 (other rules, a push running, a Source of another kind); 413; 429. */
export const pushSnapshot: Operation = async ({ runtime, caller, pathParameters, body }) => {
  const { project } = await authorizePush(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'));
  const request = parseBody(agentPushRequest, body);
  const context = await scanRequestContext(runtime, project.workspaceId, caller!);
  return jsonResponse(201, await storePush(context, project, request));
};
