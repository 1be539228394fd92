import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { describeSourceKinds } from '../../lib/sources/source-kinds';
import { sourceKindContext } from './source-context';

/** GET P/sources/kinds (viewer): every kind, whether it can be used now, and why not. */
export const listSourceKinds: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  return jsonResponse(200, { items: describeSourceKinds(await sourceKindContext(runtime, project.workspaceId)) });
};
