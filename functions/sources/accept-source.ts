import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { decideProposals } from '../../lib/scans/decide-proposals';
import { acceptableProposals } from '../../lib/scans/proposal-store';
import { latestCompletedScanOf } from '../../lib/scans/scan-store';
import { findSource } from '../../lib/sources/source-store';

export const acceptSourceRequest = z.strictObject({ acknowledgeImpact: z.boolean('must be true or false').optional().default(false) });

/**
 * POST P/sources/{sourceId}/accept (editor): accepts every pending proposal of
 * the Source's latest completed scan that the model can take as it is; 200
 * decide response with `left` (proposals left pending, with why); 404; 409 (no
 * completed scan, or as decide).
 */
export const acceptSource: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const { acknowledgeImpact } = parseBody(acceptSourceRequest, body ?? {});
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  const scanId = await latestCompletedScanOf(runtime.db, source.id);
  if (!scanId) throw HttpProblem.conflict('Nothing to accept', 'The Source has no completed scan yet.');
  const { accept, left } = await acceptableProposals(runtime.db, scanId);
  const result = await decideProposals(runtime.db, { projectId: project.id, scanId, request: { accept, reject: [], acknowledgeImpact }, actor: actorOf(caller), acceptedBy: caller.kind === 'person' ? caller.userId : null, now: runtime.now() });
  return jsonResponse(200, { scanId, ...result, left });
};
