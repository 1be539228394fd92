import type middy from '@middy/core';
import jsonBodyParser from '@middy/http-json-body-parser';
import { decodeUtf8Strict, describeDuplicateKey, jsonNestingOver, jsonSyntaxMessage, maxNumberCharacters, parseYamlStrict, scanJsonText, tooDeepMessage } from '../../text/strict-json';
import { HttpProblem, type ProblemType } from '../problem';
import type { RouteDefinition } from '../route-definition';
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

function malformed(type: ProblemType, title: string, message: string): HttpProblem {
  return new HttpProblem(400, type, title, { detail: message, errors: [{ field: 'body', message }] });
}

function readYaml(text: string, malformedType: ProblemType): unknown {
  const parsed = parseYamlStrict(text);
  if (!parsed.ok) throw malformed(malformedType, 'Request body is not valid YAML', parsed.message);
  return parsed.value;
}

// The content type is checked before (YAML routes too); middy's parser only parses.
const json = jsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof jsonBodyParser>[0]);

/**
 * The JSON body through middy's parser, in our own words when it fails. JSON.parse keeps the last of a
 * repeated key and rounds a long number, silently: both are refused instead, as is nesting no reader
 * should have to walk.
 */
async function readJson(request: middy.Request<ServiceEvent, ServiceResult>, text: string, malformedType: ProblemType): Promise<void> {
  const event = request.event as { body: unknown; isBase64Encoded: boolean };
  event.body = text;
  event.isBase64Encoded = false;
  try {
    await json.before!(request as never);
  } catch (error) {
    throw malformed(malformedType, 'Request body is not valid JSON', jsonSyntaxMessage((error as { cause?: unknown }).cause ?? error));
  }
  if (jsonNestingOver(text)) throw malformed(malformedType, 'Request body is nested too deeply', tooDeepMessage);
  const findings = scanJsonText(text);
  const duplicate = describeDuplicateKey(findings.duplicate);
  if (duplicate !== null) throw malformed(malformedType, 'Request body repeats a field', duplicate);
  if (findings.longNumber !== null) {
    const field = findings.longNumber.path || 'body';
    const message = `must be a number of at most ${maxNumberCharacters} characters (it has ${findings.longNumber.text.length})`;
    throw new HttpProblem(400, 'validation_error', 'A number is too long', { detail: `${field}: ${message}`, errors: [{ field, message }] });
  }
}

export interface ReadRequestBodyOptions {
  routeOf: (event: ServiceEvent) => RouteDefinition | undefined;
}

/** The content types a route's body must carry, or null when any will do (`none`, most `raw` routes). */
function acceptedTypesOf(route: RouteDefinition): 'json' | 'json-or-yaml' | null {
  if (route.body === 'json' || route.body === 'json-or-yaml') return route.body;
  return route.rawContentType ?? null;
}

/** The format a content type names, or null when the route does not read it. */
function formatOf(contentType: string, accepted: 'json' | 'json-or-yaml'): 'json' | 'yaml' | null {
  // Part 1: the import reads "YAML when the Content-Type contains `yaml`".
  if (accepted === 'json-or-yaml' && contentType.toLowerCase().includes('yaml')) return 'yaml';
  return jsonContentType.test(contentType) ? 'json' : null;
}

function unsupportedMediaType(contentType: string, accepted: 'json' | 'json-or-yaml'): HttpProblem {
  const wanted = accepted === 'json-or-yaml' ? 'application/json or a YAML type' : 'application/json';
  return new HttpProblem(415, 'unsupported_media_type', 'Unsupported content type', {
    detail: `This endpoint reads ${wanted}; the request said "${contentType.slice(0, 100) || 'nothing'}".`,
    errors: [{ field: 'Content-Type', message: `must be ${wanted}` }],
  });
}

/**
 * Reads the body as the route says: over its limit → 413 before parsing; a
 * content type the route does not read → 415, also on an empty body (an HTML
 * form can send one, so a form type is never taken for an empty JSON body);
 * an empty body without a content type is no body; a body that does not
 * parse → 400 in our own words. Afterwards `event.body` holds the parsed
 * value (bytes for `raw` routes).
 */
export function readRequestBody(options: ReadRequestBodyOptions): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  const parse = (request: middy.Request<ServiceEvent, ServiceResult>, route: RouteDefinition, format: 'json' | 'yaml'): Promise<void> | undefined => {
    const event = request.event;
    const malformedType = route.malformedBodyType ?? 'invalid_json';
    const text = event.isBase64Encoded ? utf8Text(event.body!, malformedType) : event.body!;
    if (format === 'json') return readJson(request, text, malformedType);
    (event as { body: unknown }).body = readYaml(text, malformedType);
    (event as { isBase64Encoded: boolean }).isBase64Encoded = false;
    return undefined;
  };
  return {
    // Not async: a request without a JSON body costs no promise.
    before: (request) => {
      const event = request.event;
      const route = options.routeOf(event);
      if (!route) return;
      const size = bodyByteLength(event);
      if (size > route.bodyLimitBytes && route.body !== 'none') {
        throw HttpProblem.payloadTooLarge(route.bodyLimitBytes, route.tooLargeType);
      }
      if (route.body === 'none') {
        (event as { body: unknown }).body = undefined;
        return;
      }
      const accepted = acceptedTypesOf(route);
      const contentType = (event.headers['content-type'] ?? '').trim();
      const format = accepted === null ? null : formatOf(contentType, accepted);
      if (accepted !== null && format === null && (size > 0 || contentType !== '')) throw unsupportedMediaType(contentType, accepted);
      if (size === 0) {
        (event as { body: unknown }).body = undefined;
        return;
      }
      if (route.body === 'raw') {
        (event as { body: unknown }).body = Buffer.from(event.body!, event.isBase64Encoded ? 'base64' : 'utf8');
        return;
      }
      return parse(request, route, format!);
    },
  };
}
