/**
 * The error type of the HTTP layer: a failure with its status, as the spec's
 * error body (`type`, `title`, `detail`, `status`, `errors[{field,message}]`)
 * answers it. The edge (middlewares, endpoints, features that answer HTTP)
 * throws it; domain code raises a `ServiceError` (`lib/platform/errors/`) instead, and
 * `service-error-problem.ts` turns that into the `HttpProblem` of its code.
 */

import { detailOf } from '../errors/service-error';
import type { ErrorCode, FieldError } from '../errors/error-codes';

/** The closed set of `type` codes (`lib/platform/errors/error-codes.ts`), by the name the HTTP layer has for them. */
export { errorCodes as problemTypes, type ErrorCode as ProblemType, type FieldError } from '../errors/error-codes';

/** Long enough for the embedded server's restart (about 1 s) or a managed failover to begin; short enough for a person to wait. */
export const databaseRetryAfterSeconds = 5;

/** The error body of the spec, as sent on the wire. */
export interface ProblemBody {
  type: ErrorCode;
  title: string;
  detail: string;
  status: number;
  errors: FieldError[];
}

export interface HttpProblemOptions {
  detail?: string | null;
  errors?: FieldError[];
  /** Extra response headers, e.g. `Retry-After` or `Allow`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A failure with an HTTP status and a spec `type` code.
 *
 * @example
 * throw HttpProblem.notFound('Project not found');
 */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  /** Never null in the body: without one given, the first field error or the title says what happened. */
  readonly detail: string;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly type: ErrorCode,
    readonly title: string,
    options: HttpProblemOptions = {},
  ) {
    super(title, options.cause === undefined ? undefined : { cause: options.cause });
    this.errors = options.errors ?? [];
    this.detail = detailOf(title, this.errors, options.detail);
    this.headers = options.headers ?? {};
  }

  toBody(): ProblemBody {
    return { type: this.type, title: this.title, detail: this.detail, status: this.status, errors: this.errors };
  }

  static validation(title: string, errors: FieldError[], detail?: string): HttpProblem {
    return new HttpProblem(400, 'validation_error', title, { errors, detail: detail ?? null });
  }

  static notFound(title = 'Not found', detail?: string): HttpProblem {
    return new HttpProblem(404, 'not_found', title, { detail: detail ?? null });
  }

  /** 401 with the challenge HTTP asks of it (RFC 9110): agent tokens are bearer credentials. */
  static unauthorized(title = 'Sign-in required', detail?: string): HttpProblem {
    return new HttpProblem(401, 'unauthorized', title, { detail: detail ?? null, headers: { 'www-authenticate': 'Bearer realm="svc"' } });
  }

  static forbidden(title = 'Forbidden', detail?: string): HttpProblem {
    return new HttpProblem(403, 'forbidden', title, { detail: detail ?? null });
  }

  static conflict(title: string, detail?: string, errors?: FieldError[]): HttpProblem {
    return new HttpProblem(409, 'conflict', title, { detail: detail ?? null, errors: errors ?? [] });
  }

  static payloadTooLarge(limitBytes: number, type: ErrorCode = 'payload_too_large'): HttpProblem {
    return new HttpProblem(413, type, 'Request body too large', {
      detail: `The body of this request may be at most ${limitBytes} bytes.`,
    });
  }

  /** 503 while the database cannot be reached (down, restarting, connection cut): the request may be sent again. */
  static databaseUnavailable(cause?: unknown): HttpProblem {
    return new HttpProblem(503, 'database_unavailable', 'Database unavailable', {
      detail: `The service cannot reach its database right now. Send the request again in ${databaseRetryAfterSeconds} seconds.`,
      headers: { 'retry-after': String(databaseRetryAfterSeconds) },
      cause,
    });
  }

  static internal(cause?: unknown): HttpProblem {
    return new HttpProblem(500, 'internal_error', 'Internal server error', {
      detail: 'The service failed to answer this request. It has been logged.',
      cause,
    });
  }
}

/** Type guard that also works across bundle boundaries (duplicate class copies). */
export function isHttpProblem(value: unknown): value is HttpProblem {
  return value instanceof HttpProblem || (value instanceof Error && value.name === 'HttpProblem');
}
