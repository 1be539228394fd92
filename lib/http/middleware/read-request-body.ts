import type middy from '@middy/core';
import jsonBodyParser from '@middy/http-json-body-parser';
import { parse as parseYaml } from 'yaml';
import { decodeUtf8Strict, describeDuplicateKey, maxNumberCharacters, scanJsonText } from '../../model/strict-json';
import { HttpProblem, type ProblemType } from '../problem';
import type { RouteDefinition } from '../route-table';
import type { ServiceEvent, ServiceResult } from '../service-event';

const jsonContentType = /^application\/(.+\+)?json\s*($|;)/i;

/** Body size in bytes as it came over the wire. */
export function bodyByteLength(event: ServiceEvent): number {
  if (event.body === undefined || event.body === null) return 0;
  return event.isBase64Encoded ? Buffer.byteLength(event.body, 'base64') : Buffer.byteLength(event.body, 'utf8');
}

/**
 * The text of a body that came as bytes. Bytes that are not UTF-8 are refused:
 * decoding would turn them into U+FFFD and store something the client never
 * sent ("invalid Unicode is refused", part 1 "Limits").
 */
function utf8Text(base64: string, malformedType: ProblemType): string {
  const text = decodeUtf8Strict(Buffer.from(base64, 'base64'));
  if (text === null) {
    throw new HttpProblem(400, malformedType, 'Request body is not UTF-8', {
      detail: 'The body holds bytes that are not UTF-8 text.',
      errors: [{ field: 'body', message: 'not valid UTF-8' }],
    });
  }
  return text;
}

export interface ReadRequestBodyOptions {
  routeOf: (event: ServiceEvent) => RouteDefinition | undefined;
}

/**
 * Reads the body as the route says: over its limit → 413 before parsing; JSON
 * (and YAML where allowed) with the right content type, else 415; a body that
 * does not parse → 400. Afterwards `event.body` holds the parsed value.
 */
export function readRequestBody(options: ReadRequestBodyOptions): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  // The content type is checked above (YAML routes too); the parser only parses.
  const json = jsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof jsonBodyParser>[0]);
  const parse = async (request: middy.Request<ServiceEvent, ServiceResult>, route: RouteDefinition): Promise<void> => {
    const event = request.event;
    const contentType = event.headers['content-type'] ?? '';
    const isYaml = route.body === 'json-or-yaml' && contentType.toLowerCase().includes('yaml');
    if (!isYaml && !jsonContentType.test(contentType)) {
      const accepted = route.body === 'json-or-yaml' ? 'application/json or a YAML type' : 'application/json';
      throw new HttpProblem(415, 'unsupported_media_type', 'Unsupported content type', {
        detail: `This endpoint reads ${accepted}; the request said "${contentType || 'nothing'}".`,
        errors: [{ field: 'Content-Type', message: `must be ${accepted}` }],
      });
    }
    const malformedType = route.malformedBodyType ?? 'invalid_json';
    if (isYaml) {
      const text = event.isBase64Encoded ? utf8Text(event.body!, malformedType) : event.body!;
      try {
        (event as { body: unknown }).body = parseYaml(text, { maxAliasCount: 100, uniqueKeys: true, merge: false });
      } catch (error) {
        throw new HttpProblem(400, malformedType, 'Request body is not valid YAML', {
          detail: (error as Error).message.split('\n')[0] ?? null,
          errors: [{ field: 'body', message: 'not valid YAML' }],
        });
      }
      return;
    }
    const text = event.isBase64Encoded ? utf8Text(event.body!, malformedType) : event.body!;
    if (event.isBase64Encoded) {
      (event as { body: unknown }).body = text;
      (event as { isBase64Encoded: boolean }).isBase64Encoded = false;
    }
    try {
      await json.before!(request as never);
    } catch (error) {
      const reason = ((error as { cause?: { message?: string } }).cause?.message ?? 'not valid JSON').slice(0, 200);
      throw new HttpProblem(400, malformedType, 'Request body is not valid JSON', {
        detail: reason,
        errors: [{ field: 'body', message: 'not valid JSON' }],
      });
    }
    // JSON.parse keeps the last of a repeated key and rounds a long number, silently: both are refused instead.
    const findings = scanJsonText(text);
    const duplicate = describeDuplicateKey(findings.duplicate);
    if (duplicate !== null) {
      throw new HttpProblem(400, malformedType, 'Request body repeats a field', { detail: duplicate, errors: [{ field: 'body', message: duplicate }] });
    }
    if (findings.longNumber !== null) {
      const field = findings.longNumber.path || 'body';
      const message = `must be a number of at most ${maxNumberCharacters} characters (it has ${findings.longNumber.text.length})`;
      throw new HttpProblem(400, 'validation_error', 'A number is too long', { detail: `${field}: ${message}`, errors: [{ field, message }] });
    }
  };
  return {
    // Not async: a request without a body costs no promise.
    before: (request) => {
      const event = request.event;
      const route = options.routeOf(event);
      if (!route) return;
      const size = bodyByteLength(event);
      if (size > route.bodyLimitBytes && route.body !== 'none') {
        throw HttpProblem.payloadTooLarge(route.bodyLimitBytes, route.tooLargeType);
      }
      if (route.body === 'none' || size === 0) {
        (event as { body: unknown }).body = undefined;
        return;
      }
      if (route.body === 'raw') {
        (event as { body: unknown }).body = Buffer.from(event.body!, event.isBase64Encoded ? 'base64' : 'utf8');
        return;
      }
      return parse(request, route);
    },
  };
}
