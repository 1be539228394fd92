/**
 * What a script sends for an operation, read from the model (pure). The model
 * gives an operation a name, not a method and path: an HTTP operation is sent
 * when its name is an HTTP signature `METHOD /path` (how the OpenAPI extractor
 * names an operation without an operationId; docs/load-tests.md "What a script
 * sends").
 */

/** Methods a script sends. */
export const sentMethods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type SentMethod = (typeof sentMethods)[number];

/** RFC 9110 9.2.2: repeating one of these has the effect of sending it once. */
const idempotentMethods: ReadonlySet<SentMethod> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Methods whose request carries the body. */
const methodsWithBody: ReadonlySet<SentMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface HttpSignature {
  method: SentMethod;
  /** The path as the name writes it, `{name}` placeholders included. */
  path: string;
  /** Names of the `{name}` placeholders, in path order. */
  pathParameters: string[];
}

const signaturePattern = /^([A-Za-z]+)[ \t]+(\/[^\s?#]*)$/;
const placeholderPattern = /\{([^{}/]+)\}/g;

/** The method and path of an operation named `METHOD /path`, or null. */
export function httpSignatureOf(operationName: string): HttpSignature | null {
  const match = signaturePattern.exec(operationName.trim());
  if (!match) return null;
  const method = match[1]!.toUpperCase() as SentMethod;
  if (!sentMethods.includes(method)) return null;
  const path = match[2]!;
  return { method, path, pathParameters: [...path.matchAll(placeholderPattern)].map((m) => m[1]!) };
}

export function carriesBody(method: SentMethod): boolean {
  return methodsWithBody.has(method);
}

/** Top-level member names of a request schema that hold an idempotency key. */
function isIdempotencyKeyName(name: string): boolean {
  return name.toLowerCase().replace(/[-_]/g, '') === 'idempotencykey';
}

/**
 * The member of the request body that carries an idempotency key: the first
 * top-level property of the request schema named `idempotencyKey` (any case,
 * `-` and `_` ignored), or null.
 */
export function idempotencyKeyMemberOf(requestSchema: unknown): string | null {
  if (requestSchema === null || typeof requestSchema !== 'object' || Array.isArray(requestSchema)) return null;
  const properties = (requestSchema as Record<string, unknown>).properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return null;
  return Object.keys(properties).find(isIdempotencyKeyName) ?? null;
}

/**
 * Whether sending the call again and again is safe: an idempotent method, or
 * a POST or PATCH whose request schema declares an idempotency key (which the
 * script then sends, new per iteration and the same on its retries).
 */
export function isIdempotentCall(method: SentMethod, idempotencyKeyMember: string | null): boolean {
  return idempotentMethods.has(method) || idempotencyKeyMember !== null;
}

/**
 * The path with each placeholder replaced by the member of the same name of
 * `request` (URI-encoded); the names that have no string or number value.
 */
export function fillPath(signature: HttpSignature, request: unknown): { path: string; missing: string[] } {
  const values = request !== null && typeof request === 'object' && !Array.isArray(request) ? (request as Record<string, unknown>) : {};
  const missing: string[] = [];
  const path = signature.path.replace(placeholderPattern, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value === 'string' || typeof value === 'number') return encodeURIComponent(String(value));
    missing.push(name);
    return whole;
  });
  return { path, missing };
}
