import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { updateSourceRequest } from '../../lib/sources/source-requests';
import { sourceSlug } from '../../lib/sources/source-slug';
import { findSource, renameSource as storeName } from '../../lib/sources/source-store';

/** PATCH P/sources/{sourceId} (editor): 200 source with its new name and slug; 400; 404; 409 when another Source has the slug. */
export const renameSource: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const sourceId = pathUuid(pathParameters.sourceId, 'Source');
  const { name } = parseBody(updateSourceRequest, body);
  if (name === null) throw HttpProblem.validation('Invalid request body', [{ field: 'name', message: 'must not be null' }]);
  const slug = sourceSlug(name);
  const outcome = await storeName(runtime.db, { projectId: project.id, sourceId, name, slug, at: runtime.now() });
  if (outcome === 'missing') throw HttpProblem.notFound('Source not found');
  if (outcome === 'taken') throw HttpProblem.conflict('Source name in use', `Another Source of this project has the slug "${slug}".`, [{ field: 'name', message: `its slug "${slug}" is in use` }]);
  return jsonResponse(200, await findSource(runtime.db, project.id, sourceId));
};
