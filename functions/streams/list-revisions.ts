import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { listStreams } from '../../lib/core/model/stream-store';
import { revisionsList } from '../../contracts/streams';
import { revisionView } from '../../lib/features/branches/stream-views';

export const listRevisions = defineRoute({
  group: 'streams',
  operation: 'list-revisions',
  method: 'GET',
  path: '/api/projects/{projectId}/revisions',
  auth: 'signed-in',
  summary: 'Revisions of the main model, oldest first (viewer)',
  answers: { 200: revisionsList },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: (await listStreams(runtime.db, project.id, ['revision'])).map(revisionView) });
  },
});
