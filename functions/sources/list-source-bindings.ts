import { sourceBindingsList } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { listSourceBindings as readBindings } from '../../lib/features/scans/source-bindings';
import { findSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

/** `{items[{factKey, entityKind, entityId}]}`. */
export const listSourceBindings = defineRoute({
  group: 'sources',
  operation: 'list-source-bindings',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/{sourceId}/bindings',
  auth: 'signed-in',
  summary: 'Which model record each accepted fact of the Source became',
  params: sourceParams,
  answers: { 200: sourceBindingsList, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', params: { sourceId: '{pushSourceId}' } },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    return jsonResponse(200, { items: await readBindings(runtime.db, source.id) });
  },
});
