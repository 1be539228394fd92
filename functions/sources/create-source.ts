import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { createSource as storeSource } from '../../lib/sources/create-source';
import { createSourceRequest } from '../../lib/sources/source-requests';
import { sourceKindContext } from './source-context';

/** POST P/sources (editor): 201 source; 400 for a field its kind refuses; 409 when the slug of the name is taken. */
export const createSource: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(createSourceRequest, body);
  const context = await sourceKindContext(runtime, project.workspaceId);
  const source = await storeSource({ db: runtime.db, ...context, keyring: runtime.keyring, newRelicGraphqlUrl: runtime.config.newRelicGraphqlUrl, workspaceId: project.workspaceId, actor: actorOf(caller), now: runtime.now() }, project.id, input);
  return jsonResponse(201, source);
};
