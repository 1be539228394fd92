import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { decideProposalsRequest, decideProposals as decide } from '../../lib/scans/decide-proposals';
import { scanOfProject } from './scan-of-project';

/** POST P/imports/{importId}/proposals/decide (editor): 200 decide response; 400; 409 (decided already, references left out, a removal that leaves references). */
export const decideProposals: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const request = parseBody(decideProposalsRequest, body);
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; proposals are decided once it completed.`);
  const result = await decide(runtime.db, { projectId: project.id, scanId: scan.id, request, actor: actorOf(caller), acceptedBy: caller.kind === 'person' ? caller.userId : null, now: runtime.now() });
  return jsonResponse(200, result);
};
