/**
 * The one way the web client talks to the service: same-origin fetch with the
 * session cookie, JSON in and out, and every failure turned into an
 * `ApiError` carrying the spec's error body (type, title, detail, status,
 * errors[{field, message}]) so that forms can put each field's message next
 * to its field.
 */

export interface FieldError {
  field: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  detail: string | null;
  status: number;
  errors: FieldError[];
}

export class ApiError extends Error {
  readonly problem: Problem;
  /** Seconds of the answer's `Retry-After` header (a 429 `busy`), else null. */
  readonly retryAfterSeconds: number | null;
  constructor(problem: Problem, retryAfterSeconds: number | null = null) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.problem = problem;
    this.retryAfterSeconds = retryAfterSeconds;
  }
  get status(): number {
    return this.problem.status;
  }
  /** The message of one field, for the form that sent it (`name`, `parentId`, `steps[2].then`…). */
  fieldMessage(field: string): string | undefined {
    return this.problem.errors.find((e) => e.field === field)?.message;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  /** A JSON value, or a string/Blob sent as it is with `contentType`. */
  body?: unknown;
  contentType?: string;
  /** Read the answer as text (exports) instead of JSON. */
  as?: 'json' | 'text' | 'response';
  signal?: AbortSignal;
  /** Extra request headers, e.g. `If-Match` of a settings save. */
  headers?: Record<string, string>;
}

export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function problemOf(response: Response): Promise<Problem> {
  const fallback: Problem = { type: 'http_error', title: response.statusText || `HTTP ${response.status}`, detail: null, status: response.status, errors: [] };
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return fallback;
  try {
    const body = (await response.json()) as Partial<Problem>;
    return {
      type: typeof body.type === 'string' ? body.type : fallback.type,
      title: typeof body.title === 'string' ? body.title : fallback.title,
      detail: typeof body.detail === 'string' ? body.detail : null,
      status: typeof body.status === 'number' ? body.status : response.status,
      errors: Array.isArray(body.errors) ? body.errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string') : [],
    };
  } catch {
    return fallback;
  }
}

/** `Retry-After` given in seconds (the service never sends an HTTP date), else null. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** Listeners told when any call answers 401, so the shell can go back to sign-in. */
const unauthorisedListeners = new Set<() => void>();
export function onUnauthorised(listener: () => void): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: options.as === 'text' ? '*/*' : 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || options.body instanceof Blob || options.body instanceof ArrayBuffer) {
      body = options.body as BodyInit;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ type: 'network_error', title: 'The service could not be reached', detail: String(cause), status: 0, errors: [] });
  }
  if (!response.ok) {
    const problem = await problemOf(response);
    if (problem.status === 401) for (const listener of unauthorisedListeners) listener();
    throw new ApiError(problem, retryAfterOf(response));
  }
  if (options.as === 'response') return response as T;
  if (options.as === 'text') return (await response.text()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** A page of a list endpoint: `items` and the cursor of the next page (null at the end). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
