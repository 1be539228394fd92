import { z } from 'zod';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { webFileResponse } from '../../lib/platform/web/web-file-response';
import { cacheNote } from './cache-note';
import { builtReferenceFiles } from './reference-request';

/** Swagger UI's script and stylesheet, and the script that starts it; 404 for any other name (the page itself included). */
export const getReferenceFile = defineRoute({
  group: 'reference',
  operation: 'get-reference-file',
  method: 'GET',
  path: '/docs/{file}',
  auth: 'none',
  summary: "A file of the API reference page (Swagger UI's script and stylesheet)",
  params: z.object({ file: z.string().meta({ description: '`swagger-ui-bundle.js`, `swagger-ui.css`, `reference.js`, `reference.css`.' }) }),
  answers: { 200: { contentType: 'text/javascript', alternatives: ['text/css'] }, 304: 'empty', 404: 'problem', 503: 'problem' },
  description: cacheNote,
  example: { as: 'anonymous', params: { file: 'reference.js' } },
  run: async ({ headers, pathParameters }) => {
    const name = pathParameters.file ?? '';
    const file = name === 'index.html' ? undefined : (await builtReferenceFiles()).files.get(name);
    if (!file) throw HttpProblem.notFound('No such file', `/docs/${name.slice(0, 100)} is not a file of the API reference.`);
    return webFileResponse(file, headers);
  },
});
