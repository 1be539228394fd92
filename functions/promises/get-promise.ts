import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { promiseDetailSchema } from '../../contracts/promises';
import { readPromiseDetail } from '../../lib/features/promises/promise-views';
import { promiseParams } from './promise-params';

/** The get_promise shape (in-force and draft revisions with their evidence). */
export const getPromise = defineRoute({
  group: 'promises',
  operation: 'get-promise',
  method: 'GET',
  path: '/api/projects/{projectId}/promises/{promiseId}',
  auth: 'signed-in',
  summary: 'A promise with its in-force and draft revisions and their evidence (viewer)',
  params: promiseParams,
  answers: { 200: promiseDetailSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const promise = await readPromiseDetail(runtime.db, project.id, pathUuid(pathParameters.promiseId, 'Promise'));
    if (!promise) throw HttpProblem.notFound('Promise not found');
    return jsonResponse(200, promise);
  },
});
