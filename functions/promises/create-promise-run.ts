import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { promiseRunSchema } from '../../contracts/promises';
import { runObligation } from '../../lib/features/promises/run-obligation';
import { runRequest } from './promise-inputs';
import { promiseParams } from './promise-params';

/** Editor, or a token with `push`: runs one obligation; 201 the appended run. */
export const createPromiseRun = defineRoute({
  group: 'promises',
  operation: 'create-promise-run',
  method: 'POST',
  path: '/api/projects/{projectId}/promises/{promiseId}/runs',
  auth: 'signed-in',
  tokenScope: 'push',
  summary: 'Run one obligation and append the run (editor)',
  params: promiseParams,
  body: runRequest,
  answers: { 201: promiseRunSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: 'Runs one obligation (by ID or key) and appends the run.',
  example: { as: 'pushToken', body: { obligation: 'O1', draft: true } },
  run: async ({ runtime, caller, pathParameters, body }) => {
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
  },
});
