import { newRelicKeyTestSchema } from '../../contracts/sources';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { testStoredNewRelicKey } from '../../lib/features/sources/newrelic-source';
import { newRelicContextOf, newRelicSourceOf, notNewRelic } from './new-relic-source';
import { sourceParams } from './source-params';

/** `{ok, status, message, user, accountName}`; 409 also when no key is stored. */
export const testSourceApm = defineRoute({
  group: 'sources',
  operation: 'test-source-apm',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/{sourceId}/apm/test',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: "Test a New Relic Source's stored key (editor)",
  params: sourceParams,
  answers: { 200: newRelicKeyTestSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, status: 409, why: notNewRelic },
  run: async (request) => {
    const { source, workspaceId } = await newRelicSourceOf(request, 'editor');
    return jsonResponse(200, await testStoredNewRelicKey(newRelicContextOf(request.runtime), source, workspaceId));
  },
});
