import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, insertPerson, sessionCookieOf, type CallOptions, type HttpAnswer } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * External sign-in (part 2 "Authentication", DECISIONS.md section 2) against
 * a local server that answers as GitHub and GitLab do for the calls made:
 * the authorize address (the browser's), the token exchange and the account
 * reads. The test plays the browser: it follows the service's redirects by
 * hand and carries the state cookie.
 */

interface GitHubAccount {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

interface GitLabAccount {
  id: number;
  username: string;
  name: string;
  email: string;
  confirmed_at: string | null;
}

/** What the provider knows: the account behind each code it hands out, and what it was asked. */
const github = new Map<string, GitHubAccount>();
const gitlab = new Map<string, GitLabAccount>();
const tokenRequests: URLSearchParams[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

/** GitHub: POST /login/oauth/access_token, GET /api/v3/user and /api/v3/user/emails (Enterprise Server paths); GitLab: POST /oauth/token, GET /api/v4/user. */
function startFakeProviders(): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.method === 'POST' && (url.pathname === '/github/login/oauth/access_token' || url.pathname === '/gitlab/oauth/token')) {
      const form = new URLSearchParams(await readBody(req));
      tokenRequests.push(form);
      const code = form.get('code') ?? '';
      const known = url.pathname.startsWith('/github') ? github.has(code) : gitlab.has(code);
      // GitHub answers 200 with an error member for a bad code; GitLab answers 400.
      if (!known) return url.pathname.startsWith('/github') ? send(200, { error: 'bad_verification_code' }) : send(400, { error: 'invalid_grant' });
      return send(200, { access_token: `token-${code}`, token_type: 'bearer', scope: url.pathname.startsWith('/github') ? 'user:email' : 'read_user' });
    }
    const code = bearer.replace(/^token-/, '');
    if (req.method === 'GET' && url.pathname === '/github/api/v3/user') {
      const account = github.get(code);
      return account ? send(200, { id: account.id, login: account.login, name: account.name }) : send(401, { message: 'Bad credentials' });
    }
    if (req.method === 'GET' && url.pathname === '/github/api/v3/user/emails') {
      const account = github.get(code);
      return account ? send(200, account.emails.map((e) => ({ ...e, visibility: 'private' }))) : send(401, { message: 'Bad credentials' });
    }
    if (req.method === 'GET' && url.pathname === '/gitlab/api/v4/user') {
      const account = gitlab.get(code);
      return account ? send(200, account) : send(401, { message: '401 Unauthorized' });
    }
    send(404, { message: 'Not Found' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

const operatorToken = 'external-sign-in-operator-token-0123456789';
const masterKey = Buffer.alloc(32, 7).toString('base64');
const admin = { email: 'admin@example.test', name: 'Admin', password: 'Admin-Password-1' };
let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;

describe('external sign-in with GitHub and GitLab', () => {
  let fake: { server: Server; url: string };
  let hostedDatabase: TestDatabase;
  let localDatabase: TestDatabase;
  /** Hosted profile: registration is open. */
  let hosted: ServiceProcess;
  /** Local profile: registration is closed; only GitHub is configured. */
  let local: ServiceProcess;

  const providerEnvironment = (url: string, withGitLab: boolean) => ({
    Authentication__GitHub__ClientId: 'gh-client',
    Authentication__GitHub__ClientSecret: 'gh-secret',
    Authentication__GitHub__BaseUrl: `${url}/github`,
    ...(withGitLab ? { Authentication__GitLab__ClientId: 'gl-client', Authentication__GitLab__ClientSecret: 'gl-secret', Authentication__GitLab__BaseUrl: `${url}/gitlab` } : {}),
  });

  beforeAll(async () => {
    fake = await startFakeProviders();
    [hostedDatabase, localDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    [hosted, local] = await Promise.all([
      startServiceProcess({
        Svc__Profile: 'hosted',
        Svc__MasterKey: masterKey,
        Svc__SetupToken: operatorToken,
        ConnectionStrings__DefaultConnection: hostedDatabase.url,
        AllowedHosts: '127.0.0.1',
        Svc__TrustedProxies: '127.0.0.1',
        ...providerEnvironment(fake.url, true),
      }),
      startServiceProcess({ ConnectionStrings__DefaultConnection: localDatabase.url, Svc__SetupToken: operatorToken, Svc__TrustedProxies: '127.0.0.1', ...providerEnvironment(fake.url, false) }),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([hosted?.stop(), local?.stop()]);
    await Promise.all([hostedDatabase?.drop(), localDatabase?.drop()]);
    await new Promise((r) => fake?.server.close(r));
  });

  /** One browser: its own client address and the state cookie the service gave it. */
  function browser(service: ServiceProcess) {
    const address = freshAddress();
    let state: string | undefined;
    const get = (path: string, options: CallOptions = {}) =>
      call(service.url, 'GET', path, {
        redirect: 'manual',
        ...options,
        headers: { 'x-forwarded-for': address, ...(state ? { cookie: `svc_external_state=${state}` } : {}), ...(options.headers ?? {}) },
      });
    return {
      async start(provider: string): Promise<HttpAnswer> {
        const answer = await get(`/api/auth/external/${provider}`);
        const cookie = answer.setCookies.find((c) => c.startsWith('svc_external_state='));
        if (cookie) state = cookie.split(';')[0]!.slice('svc_external_state='.length);
        return answer;
      },
      /** The provider sends the browser back with a code (or with an error). */
      callback: (query: string) => get(`/api/auth/external/callback?${query}`),
      complete: (accept?: string) => get('/api/auth/external/complete', accept ? { headers: { accept } } : {}),
      get state() {
        return state;
      },
      forgetCookie() {
        state = undefined;
      },
    };
  }

  /** The whole path: start, provider sends back `code`, complete. */
  async function signIn(service: ServiceProcess, provider: string, code: string, accept?: string) {
    const b = browser(service);
    const started = await b.start(provider);
    expect(started.status, started.text).toBe(302);
    const back = await b.callback(`code=${encodeURIComponent(code)}&state=${b.state}`);
    expect(back.status, back.text).toBe(302);
    expect(back.headers.get('location')).toBe('/api/auth/external/complete');
    return b.complete(accept);
  }

  it('sets up the instances (first-run setup makes the first account; external sign-in never does)', async () => {
    github.set('first', { id: 1, login: 'first', name: 'First', emails: [{ email: 'first@example.test', primary: true, verified: true }] });
    // Before setup: no account is made, not even with open registration.
    expectProblem(await signIn(hosted, 'github', 'first'), 403, 'forbidden');
    for (const service of [hosted, local]) {
      const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken: operatorToken, ...admin }, headers: { 'x-forwarded-for': freshAddress() } });
      expect(setup.status, setup.text).toBe(201);
    }
  });

  it('start: 302 to the provider with the client, the scope user:email, the callback address and a state bound to a cookie', async () => {
    const b = browser(hosted);
    const answer = await b.start('github');
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/github/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe('gh-client');
    expect(location.searchParams.get('scope')).toBe('user:email');
    expect(location.searchParams.get('redirect_uri')).toBe(`${hosted.url}/api/auth/external/callback`);
    expect(location.searchParams.get('state')).toBe(b.state);
    expect(b.state!.length).toBeGreaterThanOrEqual(40);
    const cookie = answer.setCookies.find((c) => c.startsWith('svc_external_state='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/external/);
  });

  it('GET /api/setup/status tells a sign-in page which providers are offered and whether registration is open, without signing in', async () => {
    const hostedStatus = await call(hosted.url, 'GET', '/api/setup/status', { headers: { 'x-forwarded-for': freshAddress() } });
    expect(hostedStatus.json).toMatchObject({ requiresSetup: false, allowSelfRegistration: true, externalSignIn: ['github', 'gitlab'] });
    const localStatus = await call(local.url, 'GET', '/api/setup/status', { headers: { 'x-forwarded-for': freshAddress() } });
    expect(localStatus.json).toMatchObject({ requiresSetup: false, allowSelfRegistration: false, externalSignIn: ['github'] });
  });

  it('an unknown provider, or one without client ID and secret, answers 404', async () => {
    expectProblem(await browser(hosted).start('bitbucket'), 404, 'not_found');
    expectProblem(await browser(local).start('gitlab'), 404, 'not_found');
  });

  it('a first sign-in creates the account (registration open), signs in with a session, and the next sign-in finds the same account', async () => {
    github.set('alice', { id: 42, login: 'alice', name: 'Alice A', emails: [{ email: 'alice.old@example.test', primary: false, verified: true }, { email: 'Alice@Example.test', primary: true, verified: true }] });
    const first = await signIn(hosted, 'github', 'alice');
    expect(first.status, first.text).toBe(200);
    expect(first.json.user).toMatchObject({ email: 'Alice@Example.test', name: 'Alice A', isInstanceAdmin: false });
    const me = await call(hosted.url, 'GET', '/api/auth/me', { session: sessionCookieOf(first).value });
    expect(me.status).toBe(200);
    expect(me.json.user ?? me.json).toMatchObject({ email: 'Alice@Example.test' });
    // The token exchange named the client, its secret, the code and the same callback address.
    const exchange = tokenRequests.at(-1)!;
    expect(Object.fromEntries(exchange)).toMatchObject({ client_id: 'gh-client', client_secret: 'gh-secret', code: 'alice', redirect_uri: `${hosted.url}/api/auth/external/callback` });

    const again = await signIn(hosted, 'github', 'alice');
    expect(again.status, again.text).toBe(200);
    expect(again.json.user.id).toBe(first.json.user.id);
    // The account has no password: signing in with one fails like any wrong password.
    expectProblem(await call(hosted.url, 'POST', '/api/auth/login', { json: { email: 'Alice@Example.test', password: 'Whatever-123' }, headers: { 'x-forwarded-for': freshAddress() } }), 401, 'unauthorized');
  });

  it('an account with the same e-mail that exists answers 409 and is not linked', async () => {
    github.set('admin-twin', { id: 7, login: 'twin', name: 'Twin', emails: [{ email: admin.email.toUpperCase(), primary: true, verified: true }] });
    const answer = await signIn(hosted, 'github', 'admin-twin');
    expectProblem(answer, 409, 'conflict');
    expect(answer.setCookies.some((c) => c.startsWith('svc_session='))).toBe(false);
    expect(await hostedDatabase.db.selectFrom('external_identities').select('subject').where('subject', '=', '7').execute()).toEqual([]);
  });

  it('no primary verified e-mail answers 400 with a title saying so', async () => {
    github.set('unverified', { id: 8, login: 'u', name: null, emails: [{ email: 'u@example.test', primary: true, verified: false }, { email: 'v@example.test', primary: false, verified: true }] });
    const answer = await signIn(hosted, 'github', 'unverified');
    const problem = expectProblem(answer, 400);
    expect(problem.title).toMatch(/no verified e-mail/);
    gitlab.set('unconfirmed', { id: 9, username: 'gl', name: 'GL', email: 'gl@example.test', confirmed_at: null });
    expect(expectProblem(await signIn(hosted, 'gitlab', 'unconfirmed'), 400).title).toMatch(/no verified e-mail/);
  });

  it('GitLab: the confirmed primary e-mail makes the account', async () => {
    gitlab.set('bea', { id: 11, username: 'bea', name: 'Bea B', email: 'bea@example.test', confirmed_at: '2024-01-02T03:04:05Z' });
    const answer = await signIn(hosted, 'gitlab', 'bea');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.user).toMatchObject({ email: 'bea@example.test', name: 'Bea B' });
  });

  it('a browser navigating to complete is sent on to the web client: signed in to /, or to /sign-in with the reason', async () => {
    const pageAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    github.set('erin', { id: 14, login: 'erin', name: 'Erin', emails: [{ email: 'erin@example.test', primary: true, verified: true }] });
    const landed = await signIn(hosted, 'github', 'erin', pageAccept);
    expect(landed.status, landed.text).toBe(303);
    expect(landed.headers.get('location')).toBe('/');
    const session = landed.setCookies.find((c) => c.startsWith('svc_session='))!.split(';')[0]!;
    const me = await call(hosted.url, 'GET', '/api/auth/me', { headers: { cookie: session, 'x-forwarded-for': freshAddress() } });
    expect(me.json.user.email).toBe('erin@example.test');

    github.set('frank', { id: 15, login: 'frank', name: 'Frank', emails: [{ email: 'frank@example.test', primary: true, verified: true }] });
    const refused = await signIn(local, 'github', 'frank', pageAccept);
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get('location')!, local.url);
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('externalError')).toMatch(/^Registration is closed\. There is no account/);
    expect(refused.setCookies.some((c) => c.startsWith('svc_session='))).toBe(false);
  });

  it('with registration closed (local profile) a new account is refused with 403; an account made otherwise is still 409', async () => {
    github.set('carol', { id: 12, login: 'carol', name: 'Carol', emails: [{ email: 'carol@example.test', primary: true, verified: true }] });
    const answer = await signIn(local, 'github', 'carol');
    expect(expectProblem(answer, 403, 'forbidden').title).toBe('Registration is closed');
    await insertPerson(localDatabase.db, { email: 'carol@example.test', name: 'Carol', password: 'Carol-Password-1' });
    expectProblem(await signIn(local, 'github', 'carol'), 409, 'conflict');
  });

  it('a callback or completion from another browser, a reused or forged state, and a refused code change nothing', async () => {
    github.set('dave', { id: 13, login: 'dave', name: 'Dave', emails: [{ email: 'dave@example.test', primary: true, verified: true }] });
    const users = async () => (await hostedDatabase.db.selectFrom('users').select('email').execute()).length;
    const before = await users();
    // The state in the query is not the browser's.
    const b = browser(hosted);
    await b.start('github');
    expectProblem(await b.callback('code=dave&state=forged'), 400, 'bad_request');
    // No cookie at all (another browser).
    const stranger = browser(hosted);
    expectProblem(await stranger.callback(`code=dave&state=${b.state}`), 400, 'bad_request');
    expectProblem(await stranger.complete(), 400, 'bad_request');
    // Completion before the callback.
    expectProblem(await b.complete(), 400, 'bad_request');
    // The person declined at the provider.
    const declined = browser(hosted);
    await declined.start('github');
    expect((await declined.callback(`error=access_denied&error_description=The+user+has+denied+your+application+access.&state=${declined.state}`)).status).toBe(302);
    expect(expectProblem(await declined.complete(), 400, 'bad_request').detail).toMatch(/denied/);
    // A code the provider does not accept: 502, and the attempt can still not complete.
    const refused = browser(hosted);
    await refused.start('github');
    expectProblem(await refused.callback(`code=nobody&state=${refused.state}`), 502, 'bad_gateway');
    // A used attempt does not complete twice.
    const once = browser(hosted);
    await once.start('github');
    await once.callback(`code=dave&state=${once.state}`);
    expect((await once.complete()).status).toBe(200);
    expectProblem(await once.complete(), 400, 'bad_request');
    expectProblem(await once.callback(`code=dave&state=${once.state}`), 400, 'bad_request');
    expect(await users()).toBe(before + 1);
  });

  it('the hosted profile sends Strict-Transport-Security on answers that went over HTTPS, errors included; over http, and in the local profile, it does not', async () => {
    const over = (service: ServiceProcess, path: string, proto: string) => call(service.url, 'GET', path, { headers: { 'x-forwarded-for': freshAddress(), 'x-forwarded-proto': proto } });
    for (const path of ['/api/setup/status', '/health/live']) {
      expect((await over(hosted, path, 'https')).headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect((await over(hosted, path, 'http')).headers.get('strict-transport-security'), path).toBeNull();
      expect((await over(local, path, 'https')).headers.get('strict-transport-security'), path).toBeNull();
    }
    const refused = await over(hosted, '/api/auth/me', 'https');
    expectProblem(refused, 401, 'unauthorized');
    expect(refused.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('start and complete are limited to 10 calls a minute each for a client; the 11th gets 429 with Retry-After', async () => {
    const b = browser(hosted);
    for (let i = 0; i < 10; i++) expect((await b.start('github')).status).toBe(302);
    const over = await b.start('github');
    expectProblem(over, 429, 'rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 10; i++) expect((await b.complete()).status).toBe(400);
    expectProblem(await b.complete(), 429, 'rate_limited');
  });
});
