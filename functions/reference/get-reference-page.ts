import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { webFileResponse } from '../../lib/platform/web/web-file-response';
import { cacheNote } from './cache-note';
import { builtReferenceFiles } from './reference-request';

/** Served under the web client's Content-Security-Policy. No credential; like the web client's files, no rate limit counts it. */
export const getReferencePage = defineRoute({
  group: 'reference',
  operation: 'get-reference-page',
  method: 'GET',
  path: '/docs',
  auth: 'none',
  summary: 'The API reference page (Swagger UI reading /openapi.json)',
  answers: { 200: { contentType: 'text/html', description: 'Swagger UI reading /openapi.json.' }, 304: 'empty', 404: 'problem', 503: 'problem' },
  description: `The API reference for people. Every file it loads is served by the service (no CDN), under a Content-Security-Policy that allows scripts and styles from 'self' only. ${cacheNote}`,
  example: { as: 'anonymous' },
  run: async ({ headers }) => {
    const page = (await builtReferenceFiles()).files.get('index.html');
    if (!page) throw HttpProblem.notFound('No reference page', 'This build has no API reference page.');
    return webFileResponse(page, headers);
  },
});
