import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { promiseDetailSchema } from '../../contracts/promises';
import { approvePromiseDraft } from '../../lib/features/promises/promise-commands';
import { readPromiseDetail } from '../../lib/features/promises/promise-views';
import { approveRequest } from './promise-inputs';
import { promiseParams } from './promise-params';

/** The draft goes in force; 409 without a draft or when `contentHash` is not the draft's. */
export const approvePromise = defineRoute({
  group: 'promises',
  operation: 'approve-promise',
  method: 'POST',
  path: '/api/projects/{projectId}/promises/{promiseId}/approve',
  auth: 'person',
  summary: 'Put the draft in force (editor, a person)',
  params: promiseParams,
  body: approveRequest,
  answers: { 200: promiseDetailSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor', note: 'A person.' },
  description: 'Puts the draft in force; 409 without a draft or when `contentHash` is not the draft\'s.',
  example: { as: 'editor', params: { promiseId: '{sparePromiseId}' }, body: {} },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const promiseId = pathUuid(pathParameters.promiseId, 'Promise');
    const input = parseBody(approveRequest, body ?? {});
    await approvePromiseDraft(runtime.db, { projectId: project.id, promiseId, actor: actorOf(caller), contentHash: input.contentHash ?? null, now: runtime.now() });
    return jsonResponse(200, await readPromiseDetail(runtime.db, project.id, promiseId));
  },
});
