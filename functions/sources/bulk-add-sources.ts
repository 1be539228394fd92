import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { bulkAddResultSchema } from '../../contracts/sources';
import { bulkAddSources as addAll } from '../../lib/features/scans/bulk-add-sources';
import { bulkAddRequest } from '../../lib/features/sources/source-requests';
import { scanRequestContext } from './source-context';

/** A 400 is for the request as a whole. */
export const bulkAddSources = defineRoute({
  group: 'sources',
  operation: 'bulk-add-sources',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/bulk',
  auth: 'signed-in',
  summary: 'Add many repositories of one host as Sources and queue their scans (editor)',
  body: bulkAddRequest,
  answers: {
    200: bulkAddResultSchema,
    400: 'problem',
    409: 'problem',
  },
  access: { role: 'editor' },
  description: 'One item per repository; a repository that cannot be added is `refused` with its error.',
  example: { as: 'editor', body: { kind: 'github', repositories: ['acme/shop'], ref: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(bulkAddRequest, body);
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    return jsonResponse(200, await addAll(context, project, input));
  },
});
