import type { z } from 'zod';
import { HttpProblem, type FieldError } from './problem';
import { isGuid } from '../text/text-rules';

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** One field error per zod issue; an unknown field is named with its own path. */
export function fieldErrorsOf(error: Pick<z.ZodError, 'issues'>, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const base = pathText([...(prefix ? [prefix] : []), ...issue.path]);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ field: base ? `${base}.${key}` : key, message: 'unknown field' });
    } else {
      errors.push({ field: base || (prefix || 'body'), message: issue.message });
    }
  }
  return errors;
}

/** The issues zod gives a value that is not there: its type (or union, or enum) is not met. */
const missingValueCodes: ReadonlySet<string> = new Set(['invalid_type', 'invalid_union', 'invalid_value']);

/** Whether the last key of `path` is absent from an object that `input` holds there (JSON has no undefined: absent means left out). */
function leftOut(input: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent = input;
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object' || !Object.hasOwn(parent, key)) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  return parent !== null && typeof parent === 'object' && !Array.isArray(parent) && !Object.hasOwn(parent, path.at(-1)!);
}

/** `input` with null at each path, copying only the objects on the way (the request stays as it came). */
function withNullAt(input: unknown, paths: readonly (readonly PropertyKey[])[]): unknown {
  const copy = (value: unknown): Record<PropertyKey, unknown> => (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<PropertyKey, unknown>;
  const root = copy(input);
  for (const path of paths) {
    let node = root;
    for (const key of path.slice(0, -1)) node = node[key] = copy(node[key]);
    node[path.at(-1)!] = null;
  }
  return root;
}

/**
 * The field errors of a request checked against `schema` (the one place request errors are
 * worded): a field left out reads "is required", and "is required (it may be null)" when null
 * would pass, rather than zod's type message ("expected string, received undefined"), so a
 * caller knows to send the member even when it has nothing to say. Whether null passes is
 * asked of the schema itself: the request is checked once more with null in the left-out fields.
 */
export function requestErrorsOf(schema: z.ZodType, input: unknown, error: z.ZodError, prefix = ''): FieldError[] {
  const missing = error.issues.filter((issue) => missingValueCodes.has(issue.code) && leftOut(input, issue.path));
  if (missing.length === 0) return fieldErrorsOf(error, prefix);
  const again = schema.safeParse(withNullAt(input, missing.map((issue) => issue.path)));
  const stillBroken = new Set(again.success ? [] : again.error.issues.map((issue) => pathText(issue.path)));
  const words = new Map(missing.map((issue) => [issue, stillBroken.has(pathText(issue.path)) ? 'is required' : 'is required (it may be null)']));
  return fieldErrorsOf({ issues: error.issues.map((issue) => (words.has(issue) ? { ...issue, message: words.get(issue)! } : issue)) }, prefix);
}

function invalid(title: string, errors: FieldError[]): HttpProblem {
  const first = errors[0];
  return HttpProblem.validation(title, errors, first ? `${first.field}: ${first.message}` : undefined);
}

/**
 * Checks a request body against its zod schema (strict objects refuse unknown
 * fields); 400 `validation_error` naming every broken field otherwise.
 *
 * @example
 * const input = parseBody(loginRequest, request.body);
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined) throw invalid('Request body required', [{ field: 'body', message: 'a JSON body is required' }]);
  const result = schema.safeParse(body);
  if (!result.success) throw invalid('Invalid request body', requestErrorsOf(schema, body, result.error));
  return result.data;
}

/** Checks query parameters (first value of each name) against a schema. */
export function parseQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.infer<S> {
  // No prototype, and own keys only: `__proto__`, `constructor` or `toString` is a name like any other (an unknown one).
  const values = Object.create(null) as Record<string, string>;
  for (const [key, value] of query) if (!Object.hasOwn(values, key)) values[key] = value;
  const result = schema.safeParse(values);
  if (!result.success) throw invalid('Invalid query parameter', requestErrorsOf(schema, values, result.error));
  return result.data;
}


/** A path ID that is not a uuid names nothing: 404, like a missing resource. */
export function pathUuid(value: string | undefined, what: string): string {
  if (!value || !isGuid(value)) throw HttpProblem.notFound(`${what} not found`);
  return value.toLowerCase();
}
