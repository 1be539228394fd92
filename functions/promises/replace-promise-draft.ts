import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { promiseDetailSchema } from '../../contracts/promises';
import { savePromiseDraft } from '../../lib/features/promises/promise-commands';
import { readPromiseDetail } from '../../lib/features/promises/promise-views';
import { draftRequest, promiseActorOf } from './promise-inputs';
import { promiseParams } from './promise-params';

/** Editor, or a token with `push`: replaces the draft or starts one from the revision in force. */
export const replacePromiseDraft = defineRoute({
  group: 'promises',
  operation: 'replace-promise-draft',
  method: 'PUT',
  path: '/api/projects/{projectId}/promises/{promiseId}/draft',
  auth: 'signed-in',
  tokenScope: 'push',
  summary: 'Replace the draft, or start one from the revision in force (editor)',
  params: promiseParams,
  body: draftRequest,
  answers: { 200: promiseDetailSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: 'Members left out keep the draft\'s (or the in-force revision\'s) value.',
  example: { as: 'editor', params: { promiseId: '{sparePromiseId}' }, body: { text: 'Revised text.' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
    const promiseId = pathUuid(pathParameters.promiseId, 'Promise');
    const input = parseBody(draftRequest, body);
    await savePromiseDraft(runtime.db, { projectId: project.id, promiseId, who: promiseActorOf(caller), content: input, now: runtime.now(), newId: randomUUID });
    return jsonResponse(200, await readPromiseDetail(runtime.db, project.id, promiseId));
  },
});
