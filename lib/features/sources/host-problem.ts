import { ConflictError, LimitReachedError, NotFoundError, UpstreamError, ValidationError, type ServiceError } from '../../platform/errors/service-error';
import { HostError, HostRateLimitedError, hostErrorStatus } from './hosts/host-errors';

/** A git host or New Relic failure as the API answers it (docs/hosts.md "Errors"); anything else is rethrown. */
export function hostErrorOf(error: unknown): ServiceError {
  if (!(error instanceof HostError)) throw error;
  const detail = error.message;
  switch (hostErrorStatus(error)) {
    case 400:
      return new ValidationError('Invalid request for the host', [], detail);
    case 404:
      return new NotFoundError('Not found on the host', detail);
    case 409:
      return new ConflictError('The host refused', detail);
    case 429:
      return new LimitReachedError('rate_limited', 'The host is rate limiting', detail, error instanceof HostRateLimitedError ? Math.max(1, error.retryAfterSeconds) : undefined);
    case 502:
      return new UpstreamError('bad_gateway', 'The host failed', detail);
  }
}

/** Runs a host call, answering its failure as the API does. */
export async function withHostProblems<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw hostErrorOf(error);
  }
}
