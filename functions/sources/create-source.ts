import { sourceSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { createSource as storeSource } from '../../lib/features/sources/create-source';
import { createSourceRequest } from '../../lib/features/sources/source-requests';
import { sourceKindContext } from './source-context';

export const createSource = defineRoute({
  group: 'sources',
  operation: 'create-source',
  method: 'POST',
  path: '/api/projects/{projectId}/sources',
  auth: 'signed-in',
  summary: 'Add a Source: a git repository, folder, archive, upload, push or New Relic account (editor)',
  body: createSourceRequest,
  answers: { 201: sourceSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'A git repository, folder, archive, upload, push or New Relic account; 400 for a field its kind refuses; 409 when the slug of the name is taken or the kind is not in the profile.',
  example: { as: 'editor', body: { kind: 'archive', name: 'Release bundle', repository: null } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(createSourceRequest, body);
    const context = await sourceKindContext(runtime, project.workspaceId);
    const source = await storeSource({ db: runtime.db, ...context, keyring: runtime.keyring, newRelicGraphqlUrl: runtime.config.newRelicGraphqlUrl, workspaceId: project.workspaceId, actor: actorOf(caller), now: runtime.now() }, project.id, input);
    return jsonResponse(201, source);
  },
});
