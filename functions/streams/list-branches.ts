import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { listStreams } from '../../lib/core/model/stream-store';
import { branchesList } from '../../contracts/streams';
import { branchView } from '../../lib/features/branches/stream-views';

export const listBranches = defineRoute({
  group: 'streams',
  operation: 'list-branches',
  method: 'GET',
  path: '/api/projects/{projectId}/branches',
  auth: 'signed-in',
  summary: 'Drafts and variants, oldest first (viewer)',
  answers: { 200: branchesList },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: (await listStreams(runtime.db, project.id, ['draft', 'variant'])).map(branchView) });
  },
});
