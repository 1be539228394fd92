import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { promiseDetailSchema } from '../../contracts/promises';
import { createPromise as insertPromise } from '../../lib/features/promises/promise-commands';
import { readPromiseDetail } from '../../lib/features/promises/promise-views';
import { createPromiseRequest, promiseActorOf } from './promise-inputs';

/** Editor, or a token with `push`: 201 the promise (get_promise shape) with draft revision 1. */
export const createPromise = defineRoute({
  group: 'promises',
  operation: 'create-promise',
  method: 'POST',
  path: '/api/projects/{projectId}/promises',
  auth: 'signed-in',
  tokenScope: 'push',
  summary: 'Create a promise: the next requirement number, draft revision 1 (editor)',
  body: createPromiseRequest,
  answers: { 201: promiseDetailSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'The next requirement number, draft revision 1.',
  example: {
    as: 'pushToken',
    body: { title: 'Orders survive an outage', text: 'Placing an order succeeds while Billing is down.', links: [{ kind: 'element', id: '{model_orders}' }], obligations: [{ kind: 'scenario-check', title: 'Rebuild passes', recipe: { scenarioId: '{scenarioId}' } }] },
  },
  run: async ({ runtime, caller, pathParameters, body }) => {
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
  },
});
