import type { z } from 'zod';
import { HttpProblem, type FieldError } from './problem';
import { isGuid } from '../model/text-rules';

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** One field error per zod issue; an unknown field is named with its own path. */
export function fieldErrorsOf(error: z.ZodError, prefix = ''): FieldError[] {
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
  if (!result.success) throw invalid('Invalid request body', fieldErrorsOf(result.error));
  return result.data;
}

/** Checks query parameters (first value of each name) against a schema. */
export function parseQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.infer<S> {
  // No prototype, and own keys only: `__proto__`, `constructor` or `toString` is a name like any other (an unknown one).
  const values = Object.create(null) as Record<string, string>;
  for (const [key, value] of query) if (!Object.hasOwn(values, key)) values[key] = value;
  const result = schema.safeParse(values);
  if (!result.success) throw invalid('Invalid query parameter', fieldErrorsOf(result.error));
  return result.data;
}


/** A path ID that is not a uuid names nothing: 404, like a missing resource. */
export function pathUuid(value: string | undefined, what: string): string {
  if (!value || !isGuid(value)) throw HttpProblem.notFound(`${what} not found`);
  return value.toLowerCase();
}
