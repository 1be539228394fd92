import { proposalSchema } from '../../contracts/scans';
import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { findProposal } from '../../lib/features/scans/proposal-store';
import { scanOfProject } from '../../lib/features/scans/scan-store';

export const getProposal = defineRoute({
  group: 'scans',
  operation: 'get-proposal',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}/proposals/{proposalId}',
  auth: 'signed-in',
  summary: 'One proposal',
  params: z.object({ projectId: z.string(), importId: z.string(), proposalId: z.string() }),
  answers: { 200: proposalSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    const proposal = await findProposal(runtime.db, scan.id, pathUuid(pathParameters.proposalId, 'Proposal'));
    if (!proposal) throw HttpProblem.notFound('Proposal not found');
    return jsonResponse(200, proposal);
  },
});
