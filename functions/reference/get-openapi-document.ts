import { z } from 'zod';
import { defineRoute } from '../../lib/platform/http/define-route';
import { webFileResponse } from '../../lib/platform/web/web-file-response';
import { cacheNote } from './cache-note';
import { builtReferenceFiles } from './reference-request';

/**
 * The document as the build wrote it (docs/openapi.md). No credential; counted
 * in the anonymous rate limit like /llms.txt and /skills.
 */
export const getOpenApiDocument = defineRoute({
  group: 'reference',
  operation: 'get-openapi-document',
  method: 'GET',
  path: '/openapi.json',
  auth: 'none',
  summary: 'The OpenAPI 3.1 document of this API',
  answers: {
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
  run: async ({ headers }) => webFileResponse((await builtReferenceFiles()).document, headers),
});
