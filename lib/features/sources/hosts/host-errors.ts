/**
 * Typed failures of the git host and New Relic clients. Code outside a request
 * (the scan worker) sees these; an HTTP handler maps them with
 * `hostErrorStatus` (docs/hosts.md "Errors"). Messages name the host, the
 * method and the path, never a query string (a redirect's query can carry a
 * signed download token) and never a credential.
 */

/** Every external product a client here talks to. */
export type ExternalHostKind = 'github' | 'gitlab' | 'bitbucket' | 'azureDevOps' | 'newrelic';

export abstract class HostError extends Error {
  abstract readonly kind: 'unreachable' | 'auth' | 'not-found' | 'rate-limited' | 'response' | 'input' | 'off';
  constructor(
    readonly host: ExternalHostKind,
    /** The HTTP status the host answered, or null when there was no answer. */
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No answer: DNS, connection refused, TLS, or a timeout. */
export class HostUnreachableError extends HostError {
  override readonly name = 'HostUnreachableError';
  readonly kind = 'unreachable' as const;
  constructor(host: ExternalHostKind, message: string, options?: { cause?: unknown }) {
    super(host, null, message, options);
  }
}

/** 401, or 403 that is not a rate limit: the token is missing, wrong, expired or lacks a scope. */
export class HostAuthError extends HostError {
  override readonly name = 'HostAuthError';
  readonly kind = 'auth' as const;
}

/** 404 (and GitHub's 422 for an unknown ref): the repository, ref or pull request does not exist or is hidden. */
export class HostNotFoundError extends HostError {
  override readonly name = 'HostNotFoundError';
  readonly kind = 'not-found' as const;
}

/** Still rate-limited after the bounded waits; `retryAt` says when the host allows calls again. */
export class HostRateLimitedError extends HostError {
  override readonly name = 'HostRateLimitedError';
  readonly kind = 'rate-limited' as const;
  constructor(
    host: ExternalHostKind,
    status: number | null,
    message: string,
    readonly retryAt: Date,
    private readonly nowMs: number,
  ) {
    super(host, status, message);
  }

  /** Whole seconds until `retryAt` from when the error was made, at least 1: the `Retry-After` to answer with. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.retryAt.getTime() - this.nowMs) / 1000));
  }
}

/** Any other failing status, a body that is not JSON or not of the documented shape, or too many redirects. */
export class HostResponseError extends HostError {
  override readonly name = 'HostResponseError';
  readonly kind = 'response' as const;
}

/** A value we were asked to send is not valid for the host (a repository name of the wrong form, a bad SHA). */
export class HostInputError extends HostError {
  override readonly name = 'HostInputError';
  readonly kind = 'input' as const;
  constructor(host: ExternalHostKind, message: string) {
    super(host, null, message);
  }
}

/** The host's API address is empty: part 2 "an empty value turns the host off". */
export class HostOffError extends HostError {
  override readonly name = 'HostOffError';
  readonly kind = 'off' as const;
  constructor(host: ExternalHostKind) {
    super(host, null, `${host} is off: its apiBaseUrl setting is empty, so nothing can be read from it.`);
  }
}

/**
 * The HTTP status our service answers for a host failure: 502 when the host is
 * unreachable or answers wrongly, 404 for what does not exist, 409 for a
 * credential the host refuses or a host that is off (the workspace must change
 * its settings), 429 (with `retryAfterSeconds`) when rate-limited, 400 for our
 * caller's bad input.
 */
export function hostErrorStatus(error: HostError): 400 | 404 | 409 | 429 | 502 {
  switch (error.kind) {
    case 'unreachable':
    case 'response':
      return 502;
    case 'not-found':
      return 404;
    case 'auth':
    case 'off':
      return 409;
    case 'rate-limited':
      return 429;
    case 'input':
      return 400;
  }
}
