import type { ApiResponse } from './api-types';
import type { HttpProblem } from './problem';
import type { ServiceResult } from './service-event';

/**
 * Headers on every response: no framing by other sites (part 2 "sharing.embedHosts"). Only the
 * share pages replace the framing pair (lib/features/sharing/share-headers.ts).
 */
export const baseResponseHeaders: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'cache-control': 'no-store',
});

export function problemToResponse(problem: HttpProblem): ApiResponse {
  return {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8', ...problem.headers },
    body: JSON.stringify(problem.toBody()),
  };
}

/** Shapes an operation's answer as the Lambda structured result. */
export function toServiceResult(response: ApiResponse): ServiceResult {
  const result: ServiceResult = {
    statusCode: response.status,
    headers: response.headers ? Object.assign({}, baseResponseHeaders, response.headers) : { ...baseResponseHeaders },
  };
  if (response.withoutBaseHeaders) for (const name of response.withoutBaseHeaders) delete result.headers![name];
  if (response.cookies && response.cookies.length > 0) result.cookies = response.cookies;
  if (response.body === undefined) {
    result.body = '';
  } else if (typeof response.body === 'string') {
    result.body = response.body;
  } else {
    result.body = response.body.toString('base64');
    result.isBase64Encoded = true;
  }
  return result;
}
