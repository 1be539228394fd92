import { sourceKindsList } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { describeSourceKinds } from '../../lib/features/sources/source-kinds';
import { sourceKindContext } from './source-context';

/** Every kind, whether it can be used now, and why not. */
export const listSourceKinds = defineRoute({
  group: 'sources',
  operation: 'list-source-kinds',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/kinds',
  auth: 'signed-in',
  summary: 'Kinds of Source and whether each can be used now',
  answers: { 200: sourceKindsList },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    return jsonResponse(200, { items: describeSourceKinds(await sourceKindContext(runtime, project.workspaceId)) });
  },
});
