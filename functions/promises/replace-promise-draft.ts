import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { savePromiseDraft } from '../../lib/promises/promise-commands';
import { readPromiseDetail } from '../../lib/promises/promise-views';
import { draftRequest, promiseActorOf } from './promise-inputs';

/** PUT P/promises/{promiseId}/draft (editor, or a token with `push`): replaces the draft or starts one from the revision in force. */
export const replacePromiseDraft: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  const promiseId = pathUuid(pathParameters.promiseId, 'Promise');
  const input = parseBody(draftRequest, body);
  await savePromiseDraft(runtime.db, { projectId: project.id, promiseId, who: promiseActorOf(caller), content: input, now: runtime.now(), newId: randomUUID });
  return jsonResponse(200, await readPromiseDetail(runtime.db, project.id, promiseId));
};
