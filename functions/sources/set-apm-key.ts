import { z } from 'zod';
import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { checkApiKey, saveNewRelicKey } from '../../lib/features/sources/newrelic-source';
import { newRelicContextOf, newRelicSourceOf, notNewRelic } from './new-relic-source';
import { sourceParams } from './source-params';

const setApmKeyRequest = z.strictObject({ apiKey: z.string('must be a string').nullable() });

export const setApmKey = defineRoute({
  group: 'sources',
  operation: 'set-apm-key',
  method: 'PUT',
  path: '/api/projects/{projectId}/sources/{sourceId}/apm/key',
  auth: 'signed-in',
  bodyLimitBytes: bodyLimits.credential,
  summary: "Store a New Relic Source's user API key (editor)",
  params: sourceParams,
  body: setApmKeyRequest,
  answers: { 204: 'empty', 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Stored encrypted, bound to NerdGraph\'s origin; 409 for a Source that is no New Relic Source.',
  example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, body: { apiKey: 'NRAK-EXAMPLE' }, status: 409, why: notNewRelic },
  run: async (request) => {
    const { source, workspaceId } = await newRelicSourceOf(request, 'editor');
    const { apiKey } = parseBody(setApmKeyRequest, request.body);
    await saveNewRelicKey(newRelicContextOf(request.runtime), { workspaceId, sourceId: source.id, region: (source.region ?? 'us') as 'us' | 'eu', apiKey: checkApiKey(apiKey), actor: actorOf(request.caller), at: request.runtime.now() });
    return noContentResponse();
  },
});
