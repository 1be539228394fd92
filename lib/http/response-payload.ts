/**
 * What a function of the function-per-route deployment may answer. AWS Lambda
 * refuses a synchronous invocation whose response payload (the JSON of the
 * structured result it returns, the body inside it as a JSON string) is over
 * 6 MB, and API Gateway then answers 500 without our error body. The container
 * has no such limit. docs/decisions.md "Model export in a function deployment".
 */
import type { ServiceResult } from './service-event';

/** Lambda's limit on a synchronous response payload, in bytes. */
export const lambdaResponsePayloadBytes = 6 * 1024 * 1024;

// What JSON.stringify writes longer than its UTF-8: `"` and `\` (2 bytes), the five short escapes (2), other
// control characters (\u00XX, 6), and lone surrogates (\uXXXX, 6, where UTF-8 would hold U+FFFD in 3).
const escaped = /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const shortEscapes = new Set(['"', '\\', '\b', '\f', '\n', '\r', '\t']);

/** The bytes of `text` as a JSON string in UTF-8, quotes included, without building it. */
export function jsonStringBytes(text: string): number {
  let extra = 0;
  for (const match of text.matchAll(escaped)) {
    const c = match[0];
    extra += shortEscapes.has(c) ? 1 : c.charCodeAt(0) < 0x20 ? 5 : 3;
  }
  return Buffer.byteLength(text) + extra + 2;
}

/** The size of the payload Lambda would send for this result. */
export function responsePayloadBytes(result: ServiceResult): number {
  const body = result.body ?? '';
  // The envelope as Lambda writes it, with an empty body in place of the body's JSON string.
  return Buffer.byteLength(JSON.stringify({ ...result, body: '' })) - 2 + jsonStringBytes(body);
}

/** Whether an Accept-Encoding header allows gzip (`gzip` or `*`, with no q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let gzip: boolean | null = null;
  let any = false;
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const allowed = q === undefined || Number(q) > 0;
    if (coding.trim() === 'gzip' || coding.trim() === 'x-gzip') gzip = allowed;
    else if (coding.trim() === '*') any = allowed;
  }
  return gzip ?? any;
}
