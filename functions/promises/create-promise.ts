import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { createPromise as insertPromise } from '../../lib/promises/promise-commands';
import { readPromiseDetail } from '../../lib/promises/promise-views';
import { createPromiseRequest, promiseActorOf } from './promise-inputs';

/** POST P/promises (editor, or a token with `push`): 201 the promise (get_promise shape) with draft revision 1. */
export const createPromise: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  const input = parseBody(createPromiseRequest, body);
  const id = (input.id ?? randomUUID()).toLowerCase();
  const who = promiseActorOf(caller);
  await insertPromise(runtime.db, {
    projectId: project.id,
    id,
    origin: who.source,
    who,
    content: { title: input.title, text: input.text, links: input.links, obligations: input.obligations },
    now: runtime.now(),
    newId: randomUUID,
  });
  return jsonResponse(201, await readPromiseDetail(runtime.db, project.id, id));
};
