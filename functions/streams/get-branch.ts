import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { branchOrMain } from '../../lib/core/model/stream-store';
import { branchSchema } from '../../contracts/streams';
import { branchView } from '../../lib/features/branches/stream-views';

/**
 * One branch, so that a client holding a branch's ID (a link, an agent's earlier answer) reads its
 * version without listing them all; another project's branch, main or a revision is 404, as for
 * `?branchId=` (docs/decisions.md "One branch").
 */
export const getBranch = defineRoute({
  group: 'streams',
  operation: 'get-branch',
  method: 'GET',
  path: '/api/projects/{projectId}/branches/{branchId}',
  auth: 'signed-in',
  summary: 'One draft or variant: its name, kind, base version and version (viewer)',
  params: z.object({ projectId: z.string(), branchId: z.string() }),
  answers: { 200: branchSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, branchView(await branchOrMain(runtime.db, project.id, pathUuid(pathParameters.branchId, 'Branch'))));
  },
});
