import type { GroupContracts } from '../../lib/openapi/route-contract';
import { webFileMediaTypes } from '../../lib/web/content-types';

const page = { contentType: 'text/html', description: "The web client's index.html." } as const;

export const contracts: GroupContracts = {
  'serve-web-file': {
    responses: {
      200: { ...page, alternatives: webFileMediaTypes().filter((type) => type !== 'text/html'), description: "A file of the web client under /assets/, or its index.html for any other path outside the API (deep links)." },
      304: 'empty',
      404: 'problem',
      405: 'problem',
      503: 'problem',
    },
    description: 'Not counted in any rate limit. Hashed files are cached for a year; index.html is asked again every time. Brotli or gzip when the client takes it; 304 when its copy is current; 503 while the client is not built.',
    example: { as: 'anonymous', params: { proxy: 'projects/{projectId}/model' } },
  },
};
