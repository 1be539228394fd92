import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { loadTestScriptSchema } from '../../contracts/load-tests';
import { generateScript } from '../../lib/features/load-tests/scripts';
import { branchQuery } from '../model/model-request';
import { loadTestContext } from './load-test-context';
import { scriptRequest } from './load-test-inputs';

/** 201 a new script, 200 the stored one when the same inputs wrote it before; 422 script-refused naming each reason. */
export const createLoadTestScript = defineRoute({
  group: 'load-tests',
  operation: 'create-script',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/scripts',
  auth: 'signed-in',
  tokenScope: 'push',
  summary: 'Write the k6 script of a target and a profile, ?branchId=; 200 when it exists, 201 when new, 422 script-refused (editor)',
  query: branchQuery,
  body: scriptRequest,
  answers: { 201: loadTestScriptSchema, 200: loadTestScriptSchema, 400: 'problem', 404: 'problem', 422: 'problem' },
  access: { role: 'editor' },
  description: '201 a new k6 script; 200 the stored one when the same inputs wrote it before; 422 `script_refused` naming each reason (an unauthorised target, a non-idempotent call without override…).',
  // The authorise example has just authorised the spare target at the current model version: a new script.
  example: { as: 'pushToken', body: { targetId: '{spareTargetId}', profileId: '{profileId}' }, status: 201 },
  run: async ({ runtime, caller, pathParameters, body, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor', { tokenScope: 'push' });
    const { branchId } = parseQuery(branchQuery, query);
    const input = parseBody(scriptRequest, body);
    const { script, created } = await generateScript(loadTestContext(runtime), { project, ...input, branchId: branchId?.toLowerCase() ?? null, actor: actorOf(caller) });
    return jsonResponse(created ? 201 : 200, script);
  },
});
