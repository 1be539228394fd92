import { sourceSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { findSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

export const getSource = defineRoute({
  group: 'sources',
  operation: 'get-source',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/{sourceId}',
  auth: 'signed-in',
  summary: 'One Source with its last scan',
  params: sourceParams,
  answers: { 200: sourceSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    return jsonResponse(200, source);
  },
});
