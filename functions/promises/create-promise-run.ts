import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { runObligation } from '../../lib/promises/run-obligation';
import { runRequest } from './promise-inputs';

/** POST P/promises/{promiseId}/runs (editor, or a token with `push`): runs one obligation; 201 the appended run. */
export const createPromiseRun: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
  const input = parseBody(runRequest, body);
  const run = await runObligation(runtime.db, {
    projectId: project.id,
    promiseId: pathUuid(pathParameters.promiseId, 'Promise'),
    obligation: input.obligation,
    draft: input.draft ?? undefined,
    startedBy: actorOf(caller),
    now: runtime.now(),
    newId: randomUUID,
  });
  return jsonResponse(201, run);
};
