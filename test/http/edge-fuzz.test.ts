import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { call, expectProblem, readSetupCode, strongPassword, type HttpAnswer } from '../support/http-client';

/**
 * Random bodies and content types POSTed to the two sign-in endpoints must
 * never make the service fail (5xx): every answer is the spec's error body or
 * a documented success. The server trusts 127.0.0.1 as a proxy so each
 * request can come from a client address of its own, and the sign-in rate
 * limit (10 per address per minute) does not hide the body handling.
 */

const endpoints = ['/api/auth/login', '/api/setup'] as const;
const successOf: Record<(typeof endpoints)[number], number> = { '/api/auth/login': 200, '/api/setup': 201 };

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/problem+json', 'application/vnd.api+json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', 'text/plain', 'text/json', 'application/x-www-form-urlencoded', 'application/yaml', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/json;', 'json'),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }) },
);

/** Strings that reach deep: control characters, NUL, lone surrogates, long ones. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', '\u0000', 'a\u0000b@example.test', '\ud800', 'admin@example.test\u0000', 'ADMIN@EXAMPLE.TEST', '%', '_', "' or 1=1 --", '\\', 'null'),
  fc.emailAddress(),
  fc.string({ minLength: 250, maxLength: 1100 }),
);

const fieldValue = fc.oneof(nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(nastyString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { maxKeys: 2 }));

/** Objects shaped like the real requests (so they pass the JSON reader and reach the checks), with hostile values. */
const shapedObject = fc.oneof(
  { weight: 3, arbitrary: fc.record({ email: nastyString, password: nastyString }) },
  { weight: 3, arbitrary: fc.record({ setupToken: nastyString, email: fc.oneof(nastyString, fc.emailAddress()), password: fc.oneof(nastyString, fc.constant(strongPassword)), name: nastyString }) },
  {
    weight: 1,
    arbitrary: fc.record({ email: fieldValue, password: fc.oneof(fieldValue, fc.constant(strongPassword)), setupToken: fieldValue, name: fieldValue, extra: fieldValue }, { requiredKeys: [] }),
  },
);

/** Hand-made bodies that have broken JSON readers elsewhere. */
const trickyBodies = fc.constantFrom(
  '{"__proto__":{"isInstanceAdmin":true},"email":"a@b.test","password":"x"}',
  '{"constructor":{"prototype":{"x":1}},"email":"a@b.test","password":"x"}',
  '{"email":"a@b.test","email":"b@b.test","password":"x"}',
  '{"email":"admin@example.test","password":"\\u0000"}',
  '{"email":"admin@example.test\\u0000","password":"Correct7Horse-Battery"}',
  '{"email":"\\ud800@example.test","password":"x"}',
  '[{"email":"a@b.test","password":"x"}]',
  'null',
  '0',
  '"string"',
  '\ufeff{"email":"a@b.test","password":"x"}',
  '{"email":1e999,"password":"x"}',
  `${'['.repeat(2000)}${']'.repeat(2000)}`,
);

const bodies = fc.oneof(
  { weight: 1, arbitrary: trickyBodies.map((t) => new TextEncoder().encode(t)) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 600 }) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((t) => new TextEncoder().encode(t)) },
  { weight: 6, arbitrary: shapedObject.map((o) => new TextEncoder().encode(JSON.stringify(o))) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map((t) => new TextEncoder().encode(t)) },
  { weight: 1, arbitrary: fc.integer({ min: 3900, max: 4300 }).map((n) => new TextEncoder().encode(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(Math.max(0, n - 40)) }))) },
);

/** Cases that once failed, tried on every run before the random ones. */
const regressions: [(typeof endpoints)[number], string, Uint8Array][] = [
  // A NUL in the e-mail address reached PostgreSQL, which cannot hold it: 500.
  ['/api/auth/login', 'application/json', new TextEncoder().encode('{"email":"admin@example.test\\u0000","password":"Correct7Horse-Battery"}')],
  ['/api/auth/login', 'application/json', new TextEncoder().encode('{"email":"\\u0000","password":"x"}')],
  ['/api/setup', 'application/json', new TextEncoder().encode('{"setupToken":"\\u0000","email":"a\\u0000@b.test","password":"Correct7Horse-Battery","name":"\\u0000"}')],
];

describe('edge fuzz: random bodies to the sign-in endpoints', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let addressCounter = 0;
  const failures: string[] = [];
  /** Statuses seen, to show the random requests reach past the body reader. */
  const seen = new Set<number>();

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__TrustedProxies: '127.0.0.1' });
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  async function send(path: (typeof endpoints)[number], contentType: string, body: Uint8Array): Promise<HttpAnswer> {
    addressCounter++;
    const headers: Record<string, string> = { 'x-forwarded-for': `198.19.${addressCounter >> 8}.${addressCounter & 255}` };
    if (contentType !== '') headers['content-type'] = contentType;
    return call(service.url, 'POST', path, { body, headers });
  }

  const property = () =>
    fc.asyncProperty(fc.constantFrom(...endpoints), contentTypes, bodies, async (path, contentType, body) => {
      const answer = await send(path, contentType, body);
      seen.add(answer.status);
      const sent = `POST ${path} (${contentType || 'no content type'}) ${JSON.stringify(Buffer.from(body).toString('utf8').slice(0, 200))}`;
      if (answer.status >= 500) failures.push(`${answer.status} for ${sent}: ${answer.text}`);
      expect(answer.status, `${sent} → ${answer.text}`).toBeLessThan(500);
      if (answer.status >= 400) {
        expect([400, 401, 403, 404, 409, 413, 415]).toContain(answer.status);
        expectProblem(answer, answer.status);
      } else {
        expect(answer.status).toBe(successOf[path]);
      }
    });

  it('before setup: 100 random requests never give a 5xx, always the error body or a documented success', async () => {
    await fc.assert(property(), { numRuns: 100, endOnFailure: true, examples: regressions });
    expect(failures).toEqual([]);
    expect((await call(service.url, 'GET', '/api/setup/status')).json.requiresSetup).toBe(true);
  }, 60_000);

  it('after setup: 100 random requests never give a 5xx, always the error body or a documented success', async () => {
    const setup = await send('/api/setup', 'application/json', new TextEncoder().encode(JSON.stringify({ setupToken: await readSetupCode(service.dataDirectory), email: 'admin@example.test', name: 'Admin', password: strongPassword })));
    expect(setup.status, setup.text).toBe(201);
    await fc.assert(property(), { numRuns: 100, endOnFailure: true, examples: regressions });
    expect(failures).toEqual([]);
    // Still serving, and the fuzz made no account.
    expect((await fetch(`${service.url}/health/live`)).status).toBe(200);
    const users = await database.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'admin@example.test' }]);
    // Unreadable bodies, wrong content types and sign-in attempts that got as far as the password check.
    expect([...seen]).toEqual(expect.arrayContaining([400, 401, 415]));
  }, 60_000);
});
