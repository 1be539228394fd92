import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { acceptSourceResultSchema } from '../../contracts/sources';
import { decideProposals } from '../../lib/features/scans/decide-proposals';
import { acceptableProposals } from '../../lib/features/scans/proposal-store';
import { latestCompletedScanOf } from '../../lib/features/scans/scan-store';
import { findSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

const acceptSourceRequest = z.strictObject({ acknowledgeImpact: z.boolean('must be true or false').optional().default(false) });

/** The decide answer with `left`; 409 when the Source has no completed scan, or as decide. */
export const acceptSource = defineRoute({
  group: 'sources',
  operation: 'accept-source',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/{sourceId}/accept',
  auth: 'signed-in',
  summary: "Accept every pending proposal of a Source's latest scan (editor)",
  params: sourceParams,
  body: acceptSourceRequest,
  answers: { 200: acceptSourceResultSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: "Accepts every pending proposal of the Source's latest completed scan that the model can take as it is; `left` lists those left pending, with why.",
  example: { as: 'editor', params: { sourceId: '{acceptSourceId}' }, body: { acknowledgeImpact: true }, last: true },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const { acknowledgeImpact } = parseBody(acceptSourceRequest, body ?? {});
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    const scanId = await latestCompletedScanOf(runtime.db, source.id);
    if (!scanId) throw HttpProblem.conflict('Nothing to accept', 'The Source has no completed scan yet.');
    const { accept, left } = await acceptableProposals(runtime.db, scanId);
    const result = await decideProposals(runtime.db, { projectId: project.id, scanId, request: { accept, reject: [], acknowledgeImpact }, actor: actorOf(caller), acceptedBy: caller.kind === 'person' ? caller.userId : null, now: runtime.now() });
    return jsonResponse(200, { scanId, ...result, left });
  },
});
