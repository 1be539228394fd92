import { driftCheckSchema } from '../../contracts/drift';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { checkDrift as computeCheck } from '../../lib/features/drift/check-drift';
import { agentPushRequest } from '../../lib/features/scans/push-snapshot';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { z } from 'zod';

/** A read token is enough: nothing is stored. */
export const checkDrift = defineRoute({
  group: 'sources',
  operation: 'check-drift',
  method: 'POST',
  path: '/api/projects/{projectId}/drift/check',
  auth: 'signed-in',
  tokenScope: 'read',
  bodyLimitBytes: bodyLimits.push,
  summary: 'Drift of one snapshot (a push body) against main, stored nowhere: what svc check reports',
  params: z.object({ projectId: z.string() }),
  body: agentPushRequest,
  answers: { 200: driftCheckSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'viewer', note: 'A person, or an agent token with the `read` scope.' },
  description:
    'The body is a push body (AgentPushRequest) with the push\'s limits. It stands in for the push Source its `name` names, as if pushed; nothing is stored (no Source, no scan, no count toward the daily scans). 409 when the extraction rules differ from the server\'s or the name is a Source of another kind. In-sync items are counted, not listed.',
  example: { as: 'viewer', body: '{pushBody}' },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, await computeCheck(runtime.db, project.id, parseBody(agentPushRequest, body)));
  },
});
