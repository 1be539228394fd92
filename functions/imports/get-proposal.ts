import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { findProposal } from '../../lib/scans/proposal-store';
import { scanOfProject } from './scan-of-project';

/** GET P/imports/{importId}/proposals/{proposalId} (viewer): 200; 404. */
export const getProposal: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  const proposal = await findProposal(runtime.db, scan.id, pathUuid(pathParameters.proposalId, 'Proposal'));
  if (!proposal) throw HttpProblem.notFound('Proposal not found');
  return jsonResponse(200, proposal);
};
