import { textResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { llmsIndexText } from '../../lib/features/mcp/llms-text';

/** Counted in the anonymous rate limit; the endpoints are read from the whole route table the request carries. */
export const getLlmsTxt = defineRoute({
  group: 'agent',
  operation: 'get-llms-txt',
  method: 'GET',
  path: '/llms.txt',
  auth: 'none',
  summary: 'A short text index of the API for agents',
  answers: { 200: { contentType: 'text/markdown', description: 'A short text index of the API for agents.' } },
  example: { as: 'anonymous' },
  run: async ({ routes }) => textResponse(200, llmsIndexText(routes), 'text/markdown; charset=utf-8'),
});
