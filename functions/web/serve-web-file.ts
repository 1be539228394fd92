import type { Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { createRouteMatcher } from '../../lib/http/route-matcher';
import type { RouteDefinition } from '../../lib/http/route-table';
import { unmatchedRouteProblem } from '../../lib/http/unmatched-route';
import type { WebClientFiles } from '../../lib/web/web-client-files';
import { findWebClientFiles } from '../../lib/web/web-client-location';
import { webFileResponse } from '../../lib/web/web-file-response';

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
 * GET / and GET /{proxy+}: the web client (docs/web-client.md). A file under
 * /assets/ is served as built (404 when there is none: an old page asking for
 * files of an earlier build must not get HTML); any other path outside the
 * API answers index.html, so deep links open the client. A function
 * deployment sends every GET no other route takes here, the API's unknown
 * paths included: those get the API's own 404 or 405.
 */
export const serveWebFile: Operation = async (request) => {
  if (matcher?.table !== request.routes) matcher = { table: request.routes, match: createRouteMatcher(request.routes) };
  const lookup = matcher.match('GET', request.path);
  if (lookup.kind !== 'found') throw unmatchedRouteProblem(lookup, 'GET', request.path);
  if (!lookup.match.route.webClient) throw unmatchedRouteProblem({ kind: 'not-found' }, 'GET', request.path);
  const files = await webClientFiles();
  if (!request.path.startsWith('/assets/')) return webFileResponse(files.index, request.headers);
  const file = files.assets.get(request.path);
  if (!file) throw HttpProblem.notFound('No such file', `${request.path} is not a file of this build of the web client; reload the page to load the current one.`);
  return webFileResponse(file, request.headers);
};
