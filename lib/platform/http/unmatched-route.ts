import { HttpProblem } from './problem';
import type { RouteLookup } from './route-matcher';

/**
 * The answer to a request no route takes: 404 for a path no route knows,
 * 405 with `Allow` for a known path asked with another method. The local
 * server answers it itself; in a function deployment the web client's greedy
 * route answers it for a GET under the API's prefixes, in the same words.
 */
export function unmatchedRouteProblem(lookup: Exclude<RouteLookup, { kind: 'found' }>, method: string, path: string): HttpProblem {
  if (lookup.kind === 'method-not-allowed') {
    return new HttpProblem(405, 'method_not_allowed', 'Method not allowed', {
      detail: `${path} answers ${lookup.allow.join(', ')}.`,
      headers: { allow: lookup.allow.join(', ') },
    });
  }
  return HttpProblem.notFound('No such endpoint', `${method} ${path} is not an endpoint of this service.`);
}
