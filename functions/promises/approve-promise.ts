import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { approvePromiseDraft } from '../../lib/promises/promise-commands';
import { readPromiseDetail } from '../../lib/promises/promise-views';
import { approveRequest } from './promise-inputs';

/** POST P/promises/{promiseId}/approve (editor, a person): the draft goes in force; 409 without a draft or when `contentHash` is not the draft's. */
export const approvePromise: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const promiseId = pathUuid(pathParameters.promiseId, 'Promise');
  const input = parseBody(approveRequest, body ?? {});
  await approvePromiseDraft(runtime.db, { projectId: project.id, promiseId, actor: actorOf(caller), contentHash: input.contentHash ?? null, now: runtime.now() });
  return jsonResponse(200, await readPromiseDetail(runtime.db, project.id, promiseId));
};
