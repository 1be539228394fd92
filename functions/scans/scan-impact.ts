import { authorizeProject } from '../../lib/features/auth/access-policy';
import type { Caller } from '../../lib/platform/http/caller';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { pendingProposalImpact } from '../../lib/features/scans/change-impact';
import { scanOfProject } from '../../lib/features/scans/scan-store';

/** What the pending proposals of the completed scan in the path would change (viewer); 404; 409 until the scan completed. */
export async function impactOf(request: ApiRequest<Caller>) {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; its impact is known once it completed.`);
  return pendingProposalImpact(runtime.db, project.id, scan.id);
}
