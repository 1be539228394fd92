/**
 * The contract test's machinery: an example request made concrete from the
 * fixture world, sent to the running service, and its answer checked against
 * the OpenAPI document (status declared, content type declared, body valid
 * against the declared schema with ajv, JSON Schema 2020-12).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RouteDefinition } from '../../lib/platform/http/route-definition';
import { openApiPathOf } from '../../lib/features/openapi/build-openapi-document';
import type { ContractExample, ExampleCaller, RouteContract } from '../../lib/platform/http/route-contract';
import { call, type HttpAnswer } from './http-client';

/** Values the examples name in braces, and the credentials of each caller. */
export interface ContractWorld {
  values: Record<string, unknown>;
  callers: Record<Exclude<ExampleCaller, 'anonymous'>, { session?: string; token?: string }>;
}

/** `'{x}'` alone becomes the value of x (any type); `{x}` inside a longer string is spliced in. */
export function resolveSymbols(value: unknown, world: ContractWorld): unknown {
  if (typeof value === 'string') {
    const whole = /^\{([A-Za-z0-9_]+)\}$/.exec(value);
    if (whole) return lookUp(whole[1]!, world);
    return value.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => String(lookUp(name, world)));
  }
  if (Array.isArray(value)) return value.map((item) => resolveSymbols(item, world));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveSymbols(v, world)]));
  return value;
}

function lookUp(name: string, world: ContractWorld): unknown {
  if (!Object.hasOwn(world.values, name)) throw new Error(`the fixture world has no value {${name}} (test/support/contract-world.ts)`);
  return world.values[name];
}

export interface ConcreteRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** The request an example describes, with the fixture world's values in place. */
export function concreteRequest(route: RouteDefinition, example: ContractExample, world: ContractWorld): ConcreteRequest {
  const params = resolveSymbols(example.params ?? {}, world) as Record<string, string>;
  const path = route.path.replace(/\{([A-Za-z0-9_]+)\+?\}/g, (_, name: string) => {
    const value = params[name] ?? lookUp(name, world);
    return String(value);
  });
  const query = resolveSymbols(example.query ?? {}, world) as Record<string, string>;
  const search = new URLSearchParams(query).toString();
  const headers = resolveSymbols(example.headers ?? {}, world) as Record<string, string>;
  const caller = example.as ?? 'owner';
  if (caller !== 'anonymous') {
    const credential = world.callers[caller];
    if (credential.session) headers.cookie = `svc_session=${credential.session}`;
    if (credential.token) headers.authorization = `Bearer ${credential.token}`;
  }
  let body: string | Uint8Array | undefined;
  if (example.body !== undefined) {
    body = JSON.stringify(resolveSymbols(example.body, world));
    headers['content-type'] ??= 'application/json';
  } else if (example.rawBody) {
    headers['content-type'] ??= example.rawBody.contentType;
    body = example.rawBody.base64 !== undefined ? Buffer.from(example.rawBody.base64, 'base64') : (resolveSymbols(example.rawBody.text ?? '', world) as string);
  }
  return { method: route.method, path: search ? `${path}?${search}` : path, headers, ...(body !== undefined ? { body } : {}) };
}

export function send(baseUrl: string, request: ConcreteRequest): Promise<HttpAnswer> {
  return call(baseUrl, request.method, request.path, { headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}), redirect: 'manual' });
}

/** The status an example must answer: its own, else the first 2xx (or 3xx) of the contract. */
export function expectedStatusOf(contract: RouteContract): number {
  if (contract.example.status !== undefined) return contract.example.status;
  const success = Object.keys(contract.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 400)
    .sort((a, b) => a - b);
  if (success.length === 0) throw new Error('the contract declares no 2xx or 3xx answer: give the example a status');
  return success[0]!;
}

type JsonObject = Record<string, any>;

/** Checks answers against one OpenAPI document; compiled validators are kept. */
export class ContractChecker {
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(readonly document: JsonObject) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.#ajv);
    // One schema holding the components, so every $ref of the document resolves.
    this.#ajv.addSchema({ $id: 'https://svc.invalid/openapi.json', components: document.components }, 'https://svc.invalid/openapi.json');
  }

  operationOf(route: RouteDefinition): JsonObject {
    return this.document.paths[openApiPathOf(route.path)][route.method.toLowerCase()];
  }

  /** Every problem with the answer, in words; empty when it keeps the contract. */
  check(route: RouteDefinition, expectedStatus: number, answer: HttpAnswer): string[] {
    const operation = this.operationOf(route);
    const declared = operation.responses[String(answer.status)] as JsonObject | undefined;
    const problems: string[] = [];
    if (answer.status !== expectedStatus) problems.push(`status ${answer.status}, the example expects ${expectedStatus}: ${answer.text.slice(0, 600)}`);
    if (!declared) {
      problems.push(`status ${answer.status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`);
      return problems;
    }
    const content = declared.content as Record<string, { schema?: JsonObject }> | undefined;
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!content) {
      if (answer.text !== '') problems.push(`status ${answer.status} declares no body, but the answer has one (${contentType}): ${answer.text.slice(0, 200)}`);
      return problems;
    }
    const media = content[contentType];
    if (!media) {
      problems.push(`content type "${contentType}" is not declared for ${answer.status} (declared: ${Object.keys(content).join(', ')})`);
      return problems;
    }
    if (!/json$/.test(contentType)) return problems;
    if (answer.json === undefined) {
      problems.push(`the ${contentType} body does not parse: ${answer.text.slice(0, 200)}`);
      return problems;
    }
    const validate = this.#validatorOf(`${route.method} ${route.path} ${answer.status} ${contentType}`, media.schema ?? {});
    if (!validate(answer.json)) {
      for (const error of validate.errors ?? []) problems.push(`body${error.instancePath} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`);
      problems.push(`the body was: ${answer.text.slice(0, 1500)}`);
    }
    return problems;
  }

  #validatorOf(key: string, schema: JsonObject): ValidateFunction {
    let validate = this.#validators.get(key);
    if (!validate) {
      // References of the document point into the components schema added above.
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://svc.invalid/openapi.json#/components/')) as JsonObject;
      validate = this.#ajv.compile(rebased);
      this.#validators.set(key, validate);
    }
    return validate;
  }
}
