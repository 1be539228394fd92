import type { ApiRequest, ApiResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { createRouteMatcher } from '../../lib/platform/http/route-matcher';
import type { RouteDefinition } from '../../lib/platform/http/route-definition';
import { unmatchedRouteProblem } from '../../lib/platform/http/unmatched-route';
import type { WebClientFiles } from '../../lib/platform/web/web-client-files';
import { webFileMediaTypes } from '../../lib/platform/web/content-types';
import { findWebClientFiles } from '../../lib/platform/web/web-client-location';
import { webFileResponse } from '../../lib/platform/web/web-file-response';

/** The matcher of the service's route table, made on the first request. */
let matcher: { table: readonly RouteDefinition[]; match: ReturnType<typeof createRouteMatcher> } | undefined;

/** Read once per process; a client not built yet is looked for again on the next request. */
let loading: Promise<WebClientFiles | null> | undefined;

async function webClientFiles(): Promise<WebClientFiles> {
  loading ??= findWebClientFiles();
  const files = await loading.catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  if (files) return files;
  loading = undefined;
  throw new HttpProblem(503, 'service_unavailable', 'Web client not built', {
    detail: 'The web client has not been built: run `npm run build` (it writes dist/web), then start the service again. The API answers without it.',
  });
}

/**
 * The web client (docs/web-client.md). A file under /assets/ is served as
 * built (404 when there is none: an old page asking for files of an earlier
 * build must not get HTML); any other path outside the API answers
 * index.html, so deep links open the client. A function deployment sends
 * every GET no other route takes here, the API's unknown paths included:
 * those get the API's own 404 or 405, found in the whole route table the
 * request carries.
 */
async function serve(request: ApiRequest): Promise<ApiResponse> {
  if (matcher?.table !== request.routes) matcher = { table: request.routes, match: createRouteMatcher(request.routes) };
  const lookup = matcher.match('GET', request.path);
  if (lookup.kind !== 'found') throw unmatchedRouteProblem(lookup, 'GET', request.path);
  if (!lookup.match.route.webClient) throw unmatchedRouteProblem({ kind: 'not-found' }, 'GET', request.path);
  const files = await webClientFiles();
  if (!request.path.startsWith('/assets/')) return webFileResponse(files.index, request.headers);
  const file = files.assets.get(request.path);
  if (!file) throw HttpProblem.notFound('No such file', `${request.path} is not a file of this build of the web client; reload the page to load the current one.`);
  return webFileResponse(file, request.headers);
}

const webFile = {
  group: 'web',
  operation: 'serve-web-file',
  auth: 'none',
  webClient: true,
  answers: {
    200: { contentType: 'text/html', description: "A file of the web client under /assets/, or its index.html for any other path outside the API (deep links).", alternatives: webFileMediaTypes().filter((type) => type !== 'text/html') },
    304: 'empty',
    404: 'problem',
    405: 'problem',
    503: 'problem',
  },
  description: 'Not counted in any rate limit. Hashed files are cached for a year; index.html is asked again every time. Brotli or gzip when the client takes it; 304 when its copy is current; 503 while the client is not built.',
  example: { as: 'anonymous', params: { proxy: 'projects/{projectId}/model' } },
  run: serve,
} as const;

export const serveWebFile = [
  defineRoute({ ...webFile, method: 'GET', path: '/', summary: "The web client's index.html" }),
  defineRoute({ ...webFile, method: 'GET', path: '/{proxy+}', summary: "The web client's files under /assets/, and its index.html for any other path outside the API" }),
];
