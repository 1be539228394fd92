import { connect } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/features/auth/password';
import type { Database, WorkspaceRole } from '../../lib/platform/db/schema';

/** A password that meets the rules: 10+ characters, a digit, an upper-case letter. */
export const strongPassword = 'Correct7Horse-Battery';

/** One answer of the service, with the body read once. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
  /** Every Set-Cookie header. */
  setCookies: string[];
}

export interface CallOptions {
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** A raw body; set the content type in `headers` yourself. */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Value of the svc_session cookie. */
  session?: string;
  /** An agent token, sent as bearer credential. */
  token?: string;
  /** `manual` answers a redirect as it is (status and Location) instead of following it. */
  redirect?: 'follow' | 'manual';
}

/** One HTTP call to the service under test. */
export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | Uint8Array | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (options.session !== undefined) headers.cookie = `svc_session=${options.session}`;
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  // A copy typed as Uint8Array<ArrayBuffer>: the DOM typings of fetch take no shared buffers.
  const response = await fetch(`${baseUrl}${path}`, { method, headers, redirect: options.redirect ?? 'follow', body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, setCookies: response.headers.getSetCookie() };
}

export interface SessionCookie {
  value: string;
  /** Attribute names and values as sent, e.g. `HttpOnly`, `SameSite=Lax`, `Path=/`. */
  attributes: string[];
  raw: string;
}

/** The svc_session cookie an answer sets; fails the test when there is none. */
export function sessionCookieOf(answer: HttpAnswer): SessionCookie {
  const raw = answer.setCookies.find((c) => c.startsWith('svc_session='));
  expect(raw, `no svc_session cookie in ${JSON.stringify(answer.setCookies)}`).toBeDefined();
  const [pair, ...attributes] = raw!.split(';').map((p) => p.trim());
  return { value: pair!.slice('svc_session='.length), attributes, raw: raw! };
}

/** Whether a cookie carries an attribute, compared without case (`secure`, `httponly`). */
export function hasAttribute(cookie: SessionCookie, name: string): boolean {
  return cookie.attributes.some((a) => a.split('=')[0]!.trim().toLowerCase() === name.toLowerCase());
}

export function attributeValue(cookie: SessionCookie, name: string): string | undefined {
  const found = cookie.attributes.find((a) => a.split('=')[0]!.trim().toLowerCase() === name.toLowerCase());
  return found?.includes('=') ? found.slice(found.indexOf('=') + 1).trim() : undefined;
}

/**
 * Asserts the spec's error body: content type application/problem+json and
 * exactly the members type, title, detail, status, errors.
 */
export function expectProblem(answer: HttpAnswer | RawAnswer, status: number, type?: string): { type: string; title: string; detail: string; status: number; errors: { field: string; message: string }[] } {
  const contentType = answer.headers instanceof Headers ? answer.headers.get('content-type') : answer.headers['content-type'];
  expect(answer.status, `status of ${answer.text.slice(0, 300)}`).toBe(status);
  expect(contentType ?? '').toMatch(/^application\/problem\+json(;|$)/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['detail', 'errors', 'status', 'title', 'type']);
  expect(body.status).toBe(status);
  expect(typeof body.type).toBe('string');
  expect(typeof body.title).toBe('string');
  // Every error body says what happened in `detail`, never null.
  expect(typeof body.detail === 'string' && body.detail.length > 0, `detail of ${answer.text.slice(0, 300)}`).toBe(true);
  expect(Array.isArray(body.errors)).toBe(true);
  for (const error of body.errors as unknown[]) {
    expect(Object.keys(error as object).sort()).toEqual(['field', 'message']);
  }
  if (type !== undefined) expect(body.type).toBe(type);
  return body as never;
}

/** An answer read from a raw socket. */
export interface RawAnswer {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  text: string;
}

/**
 * Sends bytes as they are over a plain TCP connection and reads one answer.
 * For requests fetch cannot make: a Content-Length that the body does not
 * reach, chunked bodies over a limit. Resolves as soon as a whole answer is in.
 */
export function rawRequest(baseUrl: string, parts: (string | Buffer)[], timeoutMs = 10_000): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    let received = Buffer.alloc(0);
    let settled = false;
    const timer = setTimeout(() => finish(new Error(`no complete answer within ${timeoutMs} ms; got: ${received.toString('latin1').slice(0, 500)}`)), timeoutMs);
    const finish = (error?: Error, answer?: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve(answer);
      else reject(error);
    };
    const tryParse = (final: boolean) => {
      let text = received.toString('latin1');
      // Skip interim answers such as "100 Continue".
      while (/^HTTP\/1\.[01] 1\d\d /.test(text) && text.includes('\r\n\r\n')) {
        received = received.subarray(text.indexOf('\r\n\r\n') + 4);
        text = received.toString('latin1');
      }
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) {
        if (final) finish(new Error(`connection closed before an answer: ${JSON.stringify(text.slice(0, 500))}`));
        return;
      }
      const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
      const bodyBytes = received.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
      const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      if (length !== undefined && bodyBytes.length >= length) {
        finish(undefined, { status, headers, text: bodyBytes.subarray(0, length).toString('utf8') });
      } else if (final) {
        finish(undefined, { status, headers, text: bodyBytes.toString('utf8') });
      }
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    socket.on('close', () => tryParse(true));
    // A server that answers early may reset the connection while we still send.
    socket.on('error', () => tryParse(true));
    socket.on('connect', () => {
      const writeNext = (i: number) => {
        if (i >= parts.length || settled || socket.destroyed) return;
        socket.write(parts[i]!, (error) => {
          if (!error) setTimeout(() => writeNext(i + 1), 5);
        });
      };
      writeNext(0);
    });
  });
}

/** Reads `<data>/setup-code` as a client would. */
export async function readSetupCode(dataDirectory: string): Promise<string> {
  return (await readFile(join(dataDirectory, 'setup-code'), 'utf8')).trim();
}

/**
 * Inserts a person directly into the test database (with a real password
 * hash) and gives them the roles named; returns the user ID.
 */
export async function insertPerson(db: Kysely<Database>, person: { email: string; name: string; password: string }, memberships: { workspaceId: string; role: WorkspaceRole }[] = []): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({ email: person.email, name: person.name, password_hash: await hashPassword(person.password), created_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const m of memberships) {
    await db.insertInto('workspace_members').values({ workspace_id: m.workspaceId, user_id: row.id, role: m.role, created_at: new Date() }).execute();
  }
  return row.id;
}

/** Median of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
