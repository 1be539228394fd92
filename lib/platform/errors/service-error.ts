import type { ErrorCode, FieldError } from './error-codes';

export interface ServiceErrorOptions {
  /** What happened, in a sentence; without one, the first field error or the title says it (`detailOf`). */
  detail?: string | null;
  errors?: FieldError[];
  cause?: unknown;
  /** When the same request may succeed later: how many seconds to wait (HTTP answers it as `Retry-After`). */
  retryAfterSeconds?: number;
}

/**
 * The detail of an error without one given: the first field error
 * (`field: message`), else the title as a sentence. Never empty, so a client
 * always has a sentence to show.
 */
export function detailOf(title: string, errors: readonly FieldError[], detail?: string | null): string {
  if (detail !== undefined && detail !== null) return detail;
  const firstError = errors[0];
  if (firstError) return `${firstError.field}: ${firstError.message}`;
  return /[.!?]$/.test(title) ? title : `${title}.`;
}

/** Marks a `ServiceError` across bundle boundaries, where a second copy of the class fails `instanceof`. */
const serviceErrorMark = Symbol.for('svc.ServiceError');

/**
 * A failure the domain raises, named by its code: what went wrong (`title`,
 * `detail`) and, for input, which fields (`errors`). It carries no HTTP: the
 * edge answers each code with one status (docs/architecture.md "Errors").
 *
 * @example
 * throw new NotFoundError('View not found');
 */
export class ServiceError extends Error {
  override readonly name: string = 'ServiceError';
  readonly [serviceErrorMark] = true;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    readonly title: string,
    options: ServiceErrorOptions = {},
  ) {
    super(title, options.cause === undefined ? undefined : { cause: options.cause });
    this.errors = options.errors ?? [];
    this.detail = detailOf(title, this.errors, options.detail);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Type guard that also works across bundle boundaries (duplicate class copies). */
export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError || (value instanceof Error && (value as { [serviceErrorMark]?: unknown })[serviceErrorMark] === true);
}

/** What was asked for is not there (or not visible to the caller, which reads the same). */
export class NotFoundError extends ServiceError {
  override readonly name: string = 'NotFoundError';

  constructor(title = 'Not found', detail?: string) {
    super('not_found', title, { detail: detail ?? null });
  }
}

/** The input breaks a rule: one field error per broken rule. */
export class ValidationError extends ServiceError {
  override readonly name: string = 'ValidationError';

  constructor(title: string, errors: FieldError[], detail?: string) {
    super('validation_error', title, { errors, detail: detail ?? null });
  }
}

/** The codes that say the request is well formed but collides with the state it meets. */
export type ConflictCode = Extract<ErrorCode, 'conflict' | 'proposal_stale' | 'items_refused'>;

/** The request collides with the stored state: a version moved on, an ID is taken, a record is still referenced. */
export class ConflictError extends ServiceError {
  override readonly name: string = 'ConflictError';

  constructor(title: string, detail?: string, errors?: FieldError[], code: ConflictCode = 'conflict') {
    super(code, title, { detail: detail ?? null, errors: errors ?? [] });
  }
}

/** The codes of a document that cannot be taken: not one at all, or entries refused. */
export type InvalidDocumentCode = Extract<ErrorCode, 'invalid_export' | 'invalid_scenario'>;

/** A document (a model export, a scenario) that is not one, or whose entries are refused; nothing of it is written. */
export class InvalidDocumentError extends ServiceError {
  override readonly name: string = 'InvalidDocumentError';

  constructor(code: InvalidDocumentCode, title: string, detail: string, errors: FieldError[]) {
    super(code, title, { detail, errors });
  }
}

/** The codes of input over a limit of the service (part 1 "Limits"). */
export type TooLargeCode = Extract<ErrorCode, 'import_too_large' | 'export_too_large' | 'scenario_too_large'>;

/** The input holds more than a limit allows: the detail names the limit, the errors the list that is over it. */
export class TooLargeError extends ServiceError {
  override readonly name: string = 'TooLargeError';

  constructor(code: TooLargeCode, title: string, detail: string, errors: FieldError[] = []) {
    super(code, title, { detail, errors });
  }
}

/** The caller may not do this: a role too low, a token without the scope, a person-only act. */
export class ForbiddenError extends ServiceError {
  override readonly name: string = 'ForbiddenError';

  constructor(title = 'Forbidden', detail?: string) {
    super('forbidden', title, { detail: detail ?? null });
  }
}

/** The credential given does not name anyone (a wrong password, an expired invitation secret). */
export class UnauthorizedError extends ServiceError {
  override readonly name: string = 'UnauthorizedError';

  constructor(title = 'Sign-in required', detail?: string) {
    super('unauthorized', title, { detail: detail ?? null });
  }
}

/** The codes of a limit on how often or how many at once. */
export type LimitCode = Extract<ErrorCode, 'rate_limited' | 'busy'>;

/** Too many requests, or too many of a kind at once: the same request may succeed after `retryAfterSeconds`. */
export class LimitReachedError extends ServiceError {
  override readonly name: string = 'LimitReachedError';

  constructor(code: LimitCode, title: string, detail: string, retryAfterSeconds?: number) {
    super(code, title, { detail, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
  }
}

/** The codes of a service outside svc failing or refusing (a catalog, a git host, an AI provider). */
export type UpstreamCode = Extract<ErrorCode, 'bad_gateway' | 'service_unavailable'>;

/** Another service failed, refused or is not there: the detail says which and what it said. */
export class UpstreamError extends ServiceError {
  override readonly name: string = 'UpstreamError';

  constructor(code: UpstreamCode, title: string, detail: string, options: Pick<ServiceErrorOptions, 'cause' | 'retryAfterSeconds'> = {}) {
    super(code, title, { detail, ...options });
  }
}

/** The codes of a request understood and refused by a rule of the service that is not about one field. */
export type RefusalCode = Extract<
  ErrorCode,
  'bad_request' | 'precondition_required' | 'payload_too_large' | 'sources_root_not_configured' | 'source_kind_not_in_profile' | 'share_link_not_allowed' | 'script_refused' | 'result_refused' | 'private_code_refused'
>;

/** A request refused by a rule the code names (a profile, a policy, an unsafe script), with field errors when some are to blame. */
export class RefusedError extends ServiceError {
  override readonly name: string = 'RefusedError';

  constructor(code: RefusalCode, title: string, detail?: string, errors: FieldError[] = []) {
    super(code, title, { detail: detail ?? null, errors });
  }
}
