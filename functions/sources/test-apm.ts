import { z } from 'zod';
import { newRelicKeyTestSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { checkApiKey, testNewRelicKey } from '../../lib/features/sources/newrelic-source';
import { newRelicContextOf } from './new-relic-source';

const testApmRequest = z.strictObject({
  accountId: z.union([z.int('must be a whole number'), z.string('must be a number or a string')]).nullable(),
  region: z.string('must be a string').nullable(),
  apiKey: z.string('must be a string').nullable(),
});

export const testApm = defineRoute({
  group: 'sources',
  operation: 'test-apm',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/apm/test',
  auth: 'signed-in',
  bodyLimitBytes: bodyLimits.credential,
  summary: 'Test a New Relic account, region and user API key (editor)',
  body: testApmRequest,
  answers: { 200: newRelicKeyTestSchema, 400: 'problem' },
  access: { role: 'editor' },
  description: 'Tests a New Relic account, region and user API key before a Source is made.',
  example: { as: 'editor', body: { accountId: 'not-a-number', region: 'mars', apiKey: null }, status: 400, why: 'no New Relic account is reachable here' },
  run: async ({ runtime, caller, pathParameters, body }) => {
    await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(testApmRequest, body);
    const accountId = input.accountId === null ? '' : String(input.accountId);
    const errors = [];
    if (!/^[1-9][0-9]{0,18}$/.test(accountId)) errors.push({ field: 'accountId', message: 'must be the New Relic account number' });
    if (input.region !== 'us' && input.region !== 'eu') errors.push({ field: 'region', message: 'must be us or eu' });
    if (errors.length > 0) throw HttpProblem.validation('Invalid request body', errors);
    return jsonResponse(200, await testNewRelicKey(newRelicContextOf(runtime), { region: input.region as 'us' | 'eu', accountId, apiKey: checkApiKey(input.apiKey) }));
  },
});
