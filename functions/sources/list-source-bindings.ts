import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listSourceBindings as readBindings } from '../../lib/scans/source-bindings';
import { findSource } from '../../lib/sources/source-store';

/** GET P/sources/{sourceId}/bindings (viewer): 200 `{items[{factKey, entityKind, entityId}]}`: which model record each accepted fact of the Source became; 404. */
export const listSourceBindings: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  return jsonResponse(200, { items: await readBindings(runtime.db, source.id) });
};
