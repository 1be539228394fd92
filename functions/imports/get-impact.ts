import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, textResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { pendingProposalImpact } from '../../lib/scans/change-impact';
import { impactReport } from '../../lib/scans/impact-report';
import { scanOfProject } from './scan-of-project';

async function impactOf(request: Parameters<Operation>[0]) {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; its impact is known once it completed.`);
  return pendingProposalImpact(runtime.db, project.id, scan.id);
}

/** GET P/imports/{importId}/impact (viewer): 200 the views, scenarios, promises and exports the pending proposals would change; 404; 409 scan not completed. */
export const getImpact: Operation = async (request) => jsonResponse(200, await impactOf(request));

/** GET P/imports/{importId}/impact/report (viewer): 200 the same as Markdown. */
export const getImpactReport: Operation = async (request) => textResponse(200, impactReport(await impactOf(request)), 'text/markdown; charset=utf-8');
