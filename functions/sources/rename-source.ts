import { sourceSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { updateSourceRequest } from '../../lib/features/sources/source-requests';
import { sourceSlug } from '../../lib/features/sources/source-slug';
import { findSource, renameSource as storeName } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

/** The Source with its new name and slug; 409 when another Source has the slug. */
export const renameSource = defineRoute({
  group: 'sources',
  operation: 'rename-source',
  method: 'PATCH',
  path: '/api/projects/{projectId}/sources/{sourceId}',
  auth: 'signed-in',
  summary: 'Rename a Source (its slug follows) (editor)',
  params: sourceParams,
  body: updateSourceRequest,
  answers: { 200: sourceSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, body: { name: 'Archive, renamed' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const sourceId = pathUuid(pathParameters.sourceId, 'Source');
    const { name } = parseBody(updateSourceRequest, body);
    if (name === null) throw HttpProblem.validation('Invalid request body', [{ field: 'name', message: 'must not be null' }]);
    const slug = sourceSlug(name);
    const outcome = await storeName(runtime.db, { projectId: project.id, sourceId, name, slug, at: runtime.now() });
    if (outcome === 'missing') throw HttpProblem.notFound('Source not found');
    if (outcome === 'taken') throw HttpProblem.conflict('Source name in use', `Another Source of this project has the slug "${slug}".`, [{ field: 'name', message: `its slug "${slug}" is in use` }]);
    return jsonResponse(200, await findSource(runtime.db, project.id, sourceId));
  },
});
