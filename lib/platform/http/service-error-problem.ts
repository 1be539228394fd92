import type { ErrorCode } from '../errors/error-codes';
import { isServiceError, type ServiceError } from '../errors/service-error';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { databaseRetryAfterSeconds, HttpProblem, isHttpProblem } from './problem';

/**
 * The HTTP status of each error code: one status per code, so the domain
 * names what went wrong and the edge alone says how HTTP answers it
 * (docs/architecture.md "Errors"). Where the edge refuses a request before
 * the domain sees it with a code the domain also uses, it keeps its own
 * `HttpProblem`: a body over the route's limit is 413 `import_too_large` at
 * the edge, while an import over the model's entry limits is 400.
 */
export const statusOfCode: Readonly<Record<ErrorCode, number>> = {
  validation_error: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  bad_request: 400,
  headers_too_large: 431,
  request_timeout: 408,
  not_found: 404,
  method_not_allowed: 405,
  unauthorized: 401,
  forbidden: 403,
  cross_site_request: 403,
  host_not_allowed: 400,
  conflict: 409,
  precondition_required: 428,
  rate_limited: 429,
  busy: 429,
  invalid_export: 400,
  import_too_large: 400,
  export_too_large: 400,
  invalid_scenario: 400,
  scenario_too_large: 413,
  sources_root_not_configured: 409,
  source_kind_not_in_profile: 400,
  share_link_not_allowed: 409,
  script_refused: 422,
  result_refused: 422,
  private_code_refused: 409,
  proposal_stale: 409,
  items_refused: 409,
  bad_gateway: 502,
  service_unavailable: 503,
  database_unavailable: 503,
  internal_error: 500,
};

/** Headers a code always answers with, as `HttpProblem.unauthorized` and `.databaseUnavailable` send them. */
const headersOfCode: Partial<Record<ErrorCode, Readonly<Record<string, string>>>> = {
  unauthorized: { 'www-authenticate': 'Bearer realm="svc"' },
  database_unavailable: { 'retry-after': String(databaseRetryAfterSeconds) },
};

/** A domain error as HTTP answers it: the status of its code, its title, detail and field errors as they are. */
export function problemOfServiceError(error: ServiceError): HttpProblem {
  const headers: Record<string, string> = { ...headersOfCode[error.code] };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  return new HttpProblem(statusOfCode[error.code], error.code, error.title, { detail: error.detail, errors: error.errors, headers, cause: error });
}

/**
 * The answer of a failure the service means to report: an `HttpProblem` as it
 * is, a `ServiceError` through the table; `undefined` for anything else (a
 * bug, a database outage), which the caller answers as its own.
 */
export function problemOf(error: unknown): HttpProblem | undefined {
  if (isHttpProblem(error)) return error;
  if (isServiceError(error)) return problemOfServiceError(error);
  return undefined;
}

/**
 * The answer of any failure: a reported one through `problemOf`, a database that cannot be reached
 * as 503 `database_unavailable`, anything else as a 500 without internals.
 */
export function answerOfFailure(error: unknown): HttpProblem {
  return problemOf(error) ?? (isDatabaseUnavailable(error) ? HttpProblem.databaseUnavailable(error) : HttpProblem.internal(error));
}
