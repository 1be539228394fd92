/**
 * What a function of the function deployment may answer. AWS Lambda
 * refuses a synchronous invocation whose response payload (the JSON of the
 * structured result it returns, the body inside it as a JSON string) is over
 * 6 MB, and API Gateway then answers 500 without our error body. The container
 * has no such limit. docs/decisions.md "Model export in a function deployment".
 */
import type { ServiceResult } from './service-event';

export { lambdaResponsePayloadBytes } from '../runtime/lambda-limits';

/**
 * The bytes of `text` as a JSON string in UTF-8, quotes included, without
 * building it: its UTF-8 plus what JSON.stringify writes longer, `"` and `\`
 * and the five short escapes (one byte more each), other control characters
 * (\u00XX, five more) and lone surrogates (\uXXXX, six bytes where UTF-8 holds
 * U+FFFD in three). One pass; a model document is full of quotes.
 */
export function jsonStringBytes(text: string): number {
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 92) extra += 1;
    else if (c < 0x20) extra += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 1 : 5;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else extra += 3;
    }
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
