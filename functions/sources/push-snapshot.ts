import { pushResultSchema } from '../../contracts/sources';
import { authorizePush } from '../../lib/features/auth/push-access';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { agentPushRequest, pushSnapshot as storePush } from '../../lib/features/scans/push-snapshot';
import { scanRequestContext } from './source-context';

/** An agent token with `push` only (403 for anyone else); 409 also for a Source of another kind. */
export const pushSnapshot = defineRoute({
  group: 'sources',
  operation: 'push-snapshot',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/push',
  auth: 'signed-in',
  tokenScope: 'push',
  bodyLimitBytes: bodyLimits.push,
  summary: 'A snapshot pushed by svc scan: facts of a checkout, compared with the model (push token)',
  body: agentPushRequest,
  answers: { 201: pushResultSchema, 400: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor', note: 'An agent token with the `push` scope only.' },
  description: 'Stored as a scan of the push Source named by the slug of `name` (made when missing) and compared with the model; 409 when the extraction rules differ from the server\'s or a push of the Source is running.',
  example: { as: 'pushToken', body: '{pushBody}' },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizePush(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'));
    const request = parseBody(agentPushRequest, body);
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    return jsonResponse(201, await storePush(context, project, request));
  },
});
