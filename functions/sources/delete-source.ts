import { authorizeProject } from '../../lib/features/auth/access-policy';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { deleteSource as removeSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

export const deleteSource = defineRoute({
  group: 'sources',
  operation: 'delete-source',
  method: 'DELETE',
  path: '/api/projects/{projectId}/sources/{sourceId}',
  auth: 'signed-in',
  summary: 'Delete a Source; accepted facts stay in the model (editor)',
  params: sourceParams,
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  description: 'Its scans stay in the scan list; the model keeps what was accepted.',
  example: { as: 'editor', params: { sourceId: '{doomedSourceId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    if (!(await removeSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source')))) throw HttpProblem.notFound('Source not found');
    return noContentResponse();
  },
});
