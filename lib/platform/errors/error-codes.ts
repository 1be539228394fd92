/**
 * The closed set of error codes the service answers with: the `type` of the
 * spec's error body. Domain code raises them in a `ServiceError`
 * (`service-error.ts`); the edge gives each one its HTTP status
 * (`lib/platform/http/service-error-problem.ts`).
 */
export const errorCodes = [
  'validation_error',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'bad_request',
  'headers_too_large',
  'request_timeout',
  'not_found',
  'method_not_allowed',
  'unauthorized',
  'forbidden',
  'cross_site_request',
  'host_not_allowed',
  'conflict',
  'precondition_required',
  'rate_limited',
  'busy',
  'invalid_export',
  'import_too_large',
  'export_too_large',
  'invalid_scenario',
  'scenario_too_large',
  'sources_root_not_configured',
  'source_kind_not_in_profile',
  'share_link_not_allowed',
  'script_refused',
  'result_refused',
  /** An AI request would carry text of a private repository while `privacy.sendPrivateCodeToAi` is false (docs/ai.md). */
  'private_code_refused',
  'proposal_stale',
  'items_refused',
  'bad_gateway',
  'service_unavailable',
  'database_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** What is wrong with one field of the input: `field` names it (a JSON path, a header, `body`), `message` says what. */
export interface FieldError {
  field: string;
  message: string;
}
