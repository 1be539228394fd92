import type { z } from 'zod';
import type { OutboundFetch } from '../../../platform/net/outbound-fetch';

/**
 * The one HTTP path of the price catalog clients (docs/prices.md "Catalog failures"): one time
 * limit for everything a request asks of a catalog, a byte limit per answer, no redirects
 * followed (an API key in a query must not travel elsewhere), JSON read against the documented
 * shape, and errors that name the catalog, the method and the path, never a query or a key.
 */

export type CatalogName = 'Azure Retail Prices' | 'AWS Price List' | 'Google Cloud Billing Catalog';

/** The catalog failed: unreachable, too slow, a non-2xx answer, or a body we cannot read. The API answers 502. */
export class CatalogError extends Error {
  override readonly name: string = 'CatalogError';
  constructor(
    readonly catalog: CatalogName,
    message: string,
    /** The status the catalog answered, or null when it did not answer. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface CatalogHttpOptions {
  catalog: CatalogName;
  /** Time for every call of this client together, from its making. */
  timeoutMs: number;
  /** Bytes one answer may hold. */
  maxBytes: number;
  /** Texts never repeated in a message (the API key). */
  secrets?: readonly string[];
  /** The outbound client under the instance policy, bound to the catalog's origin. */
  fetch: OutboundFetch;
}

export interface CatalogGetOptions {
  /**
   * Members whose JSON numbers are read as the digits written, not as binary floats
   * (Azure's prices): they reach the schema as strings.
   */
  exactNumbers?: readonly string[];
}

export interface CatalogHttp {
  readonly catalog: CatalogName;
  getJson<T>(url: URL, schema: z.ZodType<T>, options?: CatalogGetOptions): Promise<T>;
}

/** The host's own words from an error body, short and without control characters. */
function catalogMessage(text: string): string {
  let message = '';
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error as Record<string, unknown> | string | undefined;
    const candidates = [typeof error === 'object' ? error?.message : error, body.message, body.Message];
    message = String(candidates.find((value) => typeof value === 'string' && value !== '') ?? '');
  } catch {
    message = text.trimStart().startsWith('<') ? '' : text;
  }
  message = message.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/**
 * Quotes the numbers of the named members (`"retailPrice": 0.0116` → `"retailPrice": "0.0116"`)
 * so that JSON.parse keeps their digits. A member name inside a JSON string has its quotes
 * escaped (`\"retailPrice\"`), so only real members match.
 */
export function quoteNumbersOf(text: string, members: readonly string[]): string {
  if (members.length === 0) return text;
  const names = members.map((name) => name.replace(/[^A-Za-z0-9_]/g, '')).join('|');
  return text.replace(new RegExp(`"(${names})"(\\s*):(\\s*)(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`, 'g'), '"$1"$2:$3"$4"');
}

export function createCatalogHttp(options: CatalogHttpOptions): CatalogHttp {
  const fetchImpl = options.fetch;
  const deadline = Date.now() + options.timeoutMs;
  const catalog = options.catalog;
  const seconds = `${Math.round(options.timeoutMs / 100) / 10} s`;
  const hide = (text: string) => (options.secrets ?? []).reduce((said, secret) => (secret === '' ? said : said.replaceAll(secret, '…')), text);
  const fail = (message: string, status: number | null = null) => new CatalogError(catalog, hide(message), status);

  async function readBody(response: Response, signal: AbortSignal, where: string, limit: number): Promise<string> {
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let length = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        length += value.length;
        if (length > limit) throw fail(`${catalog} answered ${where} with more than ${limit} bytes.`, response.status);
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof CatalogError) throw error;
      if (signal.aborted) throw fail(`${catalog} did not answer ${where} within ${seconds}.`);
      throw fail(`${catalog} cut its answer to ${where} short: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    return Buffer.concat(chunks, length).toString('utf8');
  }

  async function getJson<T>(url: URL, schema: z.ZodType<T>, getOptions: CatalogGetOptions = {}): Promise<T> {
    const where = `GET ${url.pathname}`;
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw fail(`${catalog} did not answer ${where} within ${seconds}.`);
    const signal = AbortSignal.timeout(remaining);
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'GET', headers: { accept: 'application/json', 'user-agent': 'svc' }, redirect: 'manual', signal });
    } catch (error) {
      if (signal.aborted) throw fail(`${catalog} did not answer ${where} within ${seconds}.`);
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw fail(`${catalog} could not be reached for ${where}: ${reason}`);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw fail(`${catalog} answered ${response.status} (a redirect, not followed) to ${where}.`, response.status);
    }
    if (!response.ok) {
      const said = catalogMessage(await readBody(response, signal, where, 65_536).catch(() => ''));
      throw fail(`${catalog} answered ${response.status} to ${where}${said ? `: ${said}` : '.'}`, response.status);
    }
    const text = await readBody(response, signal, where, options.maxBytes);
    let body: unknown;
    try {
      body = JSON.parse(quoteNumbersOf(text, getOptions.exactNumbers ?? []));
    } catch {
      throw fail(`${catalog} answered ${where} with a body that is not JSON.`, response.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(body)';
      throw fail(`${catalog} answered ${where} with JSON of an unexpected shape: ${field}: ${issue?.message ?? 'invalid'}.`, response.status);
    }
    return parsed.data;
  }

  return { catalog, getJson };
}
