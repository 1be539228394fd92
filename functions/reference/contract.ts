import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';

const cacheNote = 'Compressed (brotli or gzip) when the client takes it; 304 when the copy it holds is current (ETag).';

export const contracts: GroupContracts = {
  'get-openapi-document': {
    responses: {
      200: {
        contentType: 'application/json',
        schema: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()), components: z.looseObject({}) }),
        description: 'This document.',
      },
      304: 'empty',
      503: 'problem',
    },
    description: `The OpenAPI 3.1 document of the service, built from the route table and the routes' contracts. ${cacheNote}`,
    example: { as: 'anonymous' },
  },
  'get-reference-page': {
    responses: { 200: { contentType: 'text/html', description: 'Swagger UI reading /openapi.json.' }, 304: 'empty', 404: 'problem', 503: 'problem' },
    description: `The API reference for people. Every file it loads is served by the service (no CDN), under a Content-Security-Policy that allows scripts and styles from 'self' only. ${cacheNote}`,
    example: { as: 'anonymous' },
  },
  'get-reference-file': {
    params: z.object({ file: z.string().meta({ description: '`swagger-ui-bundle.js`, `swagger-ui.css`, `reference.js`, `reference.css`.' }) }),
    responses: { 200: { contentType: 'text/javascript', alternatives: ['text/css'] }, 304: 'empty', 404: 'problem', 503: 'problem' },
    description: cacheNote,
    example: { as: 'anonymous', params: { file: 'reference.js' } },
  },
};
