import { textResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { llmsFullText } from '../../lib/features/mcp/llms-text';

/** The endpoints are read from the whole route table the request carries. */
export const getLlmsFullTxt = defineRoute({
  group: 'agent',
  operation: 'get-llms-full-txt',
  method: 'GET',
  path: '/llms-full.txt',
  auth: 'none',
  summary: 'The index with every tool input schema',
  answers: { 200: { contentType: 'text/markdown', description: 'The index with every tool input schema.' } },
  example: { as: 'anonymous' },
  run: async ({ routes }) => textResponse(200, llmsFullText(routes), 'text/markdown; charset=utf-8'),
});
