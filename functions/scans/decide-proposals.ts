import { decideResultSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { decideProposalsRequest, decideProposals as decide } from '../../lib/features/scans/decide-proposals';
import { scanOfProject } from '../../lib/features/scans/scan-store';
import { scanParams } from './scan-params';

/** 409 also for a removal that leaves references. */
export const decideProposals = defineRoute({
  group: 'scans',
  operation: 'decide-proposals',
  method: 'POST',
  path: '/api/projects/{projectId}/imports/{importId}/proposals/decide',
  auth: 'signed-in',
  summary: 'Accept and reject proposals in one transaction (editor)',
  params: scanParams,
  body: decideProposalsRequest,
  answers: { 200: decideResultSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Accepts and rejects in one transaction; 409 when one was decided already, a reference is left out, or a view, scenario or promise is affected without `acknowledgeImpact`.',
  example: { as: 'editor', body: { accept: null, reject: ['{rejectProposalId}'] } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const request = parseBody(decideProposalsRequest, body);
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; proposals are decided once it completed.`);
    const result = await decide(runtime.db, { projectId: project.id, scanId: scan.id, request, actor: actorOf(caller), acceptedBy: caller.kind === 'person' ? caller.userId : null, now: runtime.now() });
    return jsonResponse(200, result);
  },
});
