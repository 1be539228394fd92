import { HttpProblem, type ProblemType } from '../../platform/http/problem';
import { HostError, HostRateLimitedError, hostErrorStatus } from './hosts/host-errors';

const typeOfStatus: Record<number, ProblemType> = { 400: 'validation_error', 404: 'not_found', 409: 'conflict', 429: 'rate_limited', 502: 'bad_gateway' };

const titleOfStatus: Record<number, string> = {
  400: 'Invalid request for the host',
  404: 'Not found on the host',
  409: 'The host refused',
  429: 'The host is rate limiting',
  502: 'The host failed',
};

/** A git host or New Relic failure as the API answers it (docs/hosts.md "Errors"); anything else is rethrown. */
export function hostProblemOf(error: unknown): HttpProblem {
  if (!(error instanceof HostError)) throw error;
  const status = hostErrorStatus(error);
  const headers: Record<string, string> = {};
  if (error instanceof HostRateLimitedError) headers['retry-after'] = String(Math.max(1, error.retryAfterSeconds));
  return new HttpProblem(status, typeOfStatus[status]!, titleOfStatus[status]!, { detail: error.message, headers });
}

/** Runs a host call, answering its failure as the API does. */
export async function withHostProblems<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw hostProblemOf(error);
  }
}
