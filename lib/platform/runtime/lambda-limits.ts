/** Lambda's limit on a synchronous response payload, in bytes (lib/platform/http/response-payload.ts measures answers against it). */
export const lambdaResponsePayloadBytes = 6 * 1024 * 1024;
