import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listStreams } from '../../lib/model/stream-store';
import { revisionView } from './stream-views';

/** GET P/revisions (viewer): 200 `{items[{id, name, modelVersion, createdAt}]}`. */
export const listRevisions: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: (await listStreams(runtime.db, project.id, ['revision'])).map(revisionView) });
};
