import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiProviderKinds, builtInSettings } from '../../lib/features/settings/settings-schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { call, expectProblem, sessionCookieOf, strongPassword, type HttpAnswer } from '../support/http-client';

/**
 * Random bodies PUT to the two settings endpoints with the right If-Match
 * must never make the service fail (5xx). Every answer is 200 or the spec's
 * error body; a refused save leaves the stored document and its version as
 * they were (no partial save), an accepted one raises the version by one.
 *
 * URL values are IP literals, `localhost` or text that is no URL, so a save
 * never asks a resolver about a name and no traffic leaves the machine.
 */

const setupToken = 'settings-fuzz-setup-token-0123';
const providerId = '7d3c1f0e-2b4a-4c5d-8e9f-0a1b2c3d4e5f';
const builtIns = builtInSettings('local') as unknown as Record<string, Record<string, unknown>>;
const sections = Object.keys(builtIns);
const policyKeys = ['allowSelfRegistration', 'allowPrivateNetworkUrls', 'allowedAiProviderKinds', 'allowSendingPrivateCodeToAi', 'maxConcurrentStressRuns'];
const localPolicy = { allowSelfRegistration: false, allowPrivateNetworkUrls: true, allowedAiProviderKinds: [...aiProviderKinds], allowSendingPrivateCodeToAi: true, maxConcurrentStressRuns: 4 };

/** Text with control characters, lone surrogates, NUL, odd Unicode, or simply long. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0007b', '\u007f', '\u0085', '\ud800', 'line\nbreak', 'tab\there', '\u202e', 'USD', 'usd', 'main', 'dist/**', '**/node_modules/**', 'public', 'off', 'password-only'),
  fc.string({ minLength: 200, maxLength: 2100 }),
);

/** URL-shaped values whose hosts need no resolver. */
const urlValue = fc.constantFrom(
  'https://127.0.0.1/api',
  'http://127.0.0.1:11434/v1',
  'https://[::1]:8443/',
  'http://10.1.2.3:7990/rest',
  'https://93.184.215.14/api/v3',
  'https://localhost/',
  'http://intranet.localhost:8080/hook',
  'https://u:p@127.0.0.1/',
  'https://@127.0.0.1/',
  'ftp://127.0.0.1/',
  'mailto:ops@example.test',
  'http://',
  '',
  `https://127.0.0.1/${'a'.repeat(2000)}`,
);

const scalar = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.integer({ min: -2, max: 5000 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, -1, 1.5, 2 ** 53, 1e308, -0, 2_147_483_648, 4_294_967_296) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: urlValue },
);

/** Any value: scalars, lists, nested objects. */
const anyValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ maxDepth: 3 }, scalar, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 })),
})).value;

const unknownKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'token', 'version', 'policy', 'defaults', 'overrides', 're\ngion', 'a\u0000b'));

/** A value for a key: the built-in (so some saves pass), another valid-looking one, or anything. */
function keyValue(section: string, key: string): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(builtIns[section]![key]) }, { weight: 3, arbitrary: anyValue }, { weight: 1, arbitrary: urlValue });
}

const provider = fc
  .record(
    {
      id: fc.oneof(fc.constant(providerId), fc.constant(providerId.toUpperCase()), fc.uuid(), nastyString, fc.constant('00000000-0000-0000-0000-000000000000')),
      kind: fc.oneof(fc.constantFrom(...aiProviderKinds), nastyString),
      name: fc.oneof(fc.constant('Provider'), nastyString),
      model: fc.oneof(fc.constant('model-1'), nastyString),
      baseUrl: urlValue,
      enabled: fc.oneof(fc.boolean(), scalar),
      temperature: fc.oneof(fc.constantFrom(null, 0, 0.7, 2, 2.5), scalar),
      timeoutSeconds: fc.oneof(fc.constantFrom(1, 60, 600, 601), scalar),
      extra: anyValue,
    },
    { requiredKeys: [] },
  )
  .chain((p) => fc.subarray(Object.keys(p)).map((keys) => Object.fromEntries(keys.map((k) => [k, (p as Record<string, unknown>)[k]]))));

function sectionValue(section: string): fc.Arbitrary<unknown> {
  const keys = Object.keys(builtIns[section]!);
  const entries: fc.Arbitrary<[string, unknown]>[] = keys.map((key) => fc.tuple(fc.constant(key), keyValue(section, key)));
  if (section === 'ai') entries.push(fc.tuple(fc.constant('providers'), fc.array(provider, { maxLength: 3 })));
  entries.push(fc.tuple(unknownKey, anyValue));
  const object = fc.array(fc.oneof(...entries), { maxLength: 4 }).map((pairs) => Object.fromEntries(pairs));
  return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: anyValue });
}

/** A settings document (overrides or instance defaults): real sections with random contents, unknown sections, wrong types. */
const settingsDocument = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...sections).chain((s) => sectionValue(s).map((v) => [s, v] as [string, unknown])) }, { weight: 1, arbitrary: fc.tuple(unknownKey, anyValue) }), { maxLength: 4 })
  .map((pairs) => Object.fromEntries(pairs));

const policy = fc.oneof(
  { weight: 4, arbitrary: fc.constant(localPolicy) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...policyKeys), unknownKey), fc.oneof(anyValue, fc.boolean(), fc.subarray([...aiProviderKinds]), fc.integer({ min: 0, max: 70 }))), { maxLength: 3 })
      .map((pairs) => ({ ...localPolicy, ...Object.fromEntries(pairs) })),
  },
  { weight: 1, arbitrary: anyValue },
);

/** Raw text with a key repeated, which JSON.stringify cannot make. */
function repeatedKeyText(wrap: (inner: string) => string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...sections).chain((section) =>
      fc
        .tuple(fc.constantFrom(...Object.keys(builtIns[section]!)), keyValue(section, 'x'), keyValue(section, 'x'))
        .map(([key, a, b]) => wrap(`{"${section}":{"${key}":${JSON.stringify(a ?? null)},"${key}":${JSON.stringify(b ?? null)}}}`)),
    ),
    fc.constantFrom(...sections).map((section) => wrap(`{"${section}":{},"${section}":{}}`)),
    fc.constant(wrap('{"__proto__":{"x":1}}')),
  );
}

/** A body as raw text; a huge one may go past the body limit (413). */
type Body = string;
const workspaceBodies: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: settingsDocument.map((d) => JSON.stringify(d)) },
  { weight: 2, arbitrary: repeatedKeyText((inner) => inner) },
  { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 70_000 }).map((n) => JSON.stringify({ cost: { region: 'r'.repeat(n) } })) },
);
const instanceBodies: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(policy, settingsDocument).map(([p, d]) => JSON.stringify({ policy: p, defaults: d })) },
  { weight: 1, arbitrary: fc.record({ policy, defaults: settingsDocument, extra: fc.option(anyValue) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: repeatedKeyText((inner) => `{"policy":${JSON.stringify(localPolicy)},"defaults":${inner}}`) },
  { weight: 1, arbitrary: fc.constant(`{"policy":${JSON.stringify(localPolicy)},"policy":${JSON.stringify(localPolicy)},"defaults":{}}`) },
  { weight: 1, arbitrary: fc.integer({ min: 65_000, max: 72_000 }).map((n) => JSON.stringify({ policy: localPolicy, defaults: { cost: { region: 'r'.repeat(n) } } })) },
);

describe('settings fuzz: random PUT bodies with the right If-Match', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let session: string;
  let workspaceId: string;
  const statuses = { workspace: new Map<number, number>(), instance: new Map<number, number>() };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'admin@example.test', password: strongPassword, name: 'Admin' } });
    expect(setup.status, setup.text).toBe(201);
    session = sessionCookieOf(setup).value;
    const workspace = await call(service.url, 'POST', '/api/workspaces', { session, json: { name: 'Fuzzed' } });
    expect(workspace.status).toBe(201);
    workspaceId = workspace.json.id;
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  /** The stored document as GET shows it, without the parts derived from other documents. */
  function stored(kind: 'workspace' | 'instance', answer: HttpAnswer): unknown {
    return kind === 'workspace' ? { overrides: answer.json.overrides, version: answer.json.version } : { policy: answer.json.policy, defaults: answer.json.defaults, version: answer.json.version };
  }

  async function fuzzOne(kind: 'workspace' | 'instance', body: Body): Promise<void> {
    const path = kind === 'workspace' ? `/api/workspaces/${workspaceId}/settings` : '/api/instance/settings';
    const before = await call(service.url, 'GET', path, { session });
    expect(before.status).toBe(200);
    const answer = await call(service.url, 'PUT', path, { session, body, headers: { 'content-type': 'application/json', 'if-match': before.headers.get('etag')! } });
    const sent = `PUT ${kind} ${JSON.stringify(body.slice(0, 300))}`;
    statuses[kind].set(answer.status, (statuses[kind].get(answer.status) ?? 0) + 1);
    expect(answer.status, `${sent} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
    const after = await call(service.url, 'GET', path, { session });
    expect(after.status).toBe(200);
    if (answer.status === 200) {
      expect(after.json.version, sent).toBe(before.json.version + 1);
      expect(after.headers.get('etag')).toBe(`"${before.json.version + 1}"`);
      expect(answer.json.version).toBe(after.json.version);
    } else {
      expect([400, 413], `${sent} → ${answer.text.slice(0, 300)}`).toContain(answer.status);
      expectProblem(answer, answer.status);
      expect(stored(kind, after), `${sent} changed the stored document`).toEqual(stored(kind, before));
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    }
  }

  it('150 bodies to PUT /api/workspaces/{id}/settings', async () => {
    await fc.assert(
      fc.asyncProperty(workspaceBodies, (body) => fuzzOne('workspace', body)),
      { numRuns: 150, endOnFailure: true },
    );
    // Both outcomes were reached: the random bodies are not all refused by the JSON reader.
    expect(statuses.workspace.get(200) ?? 0, JSON.stringify([...statuses.workspace])).toBeGreaterThan(0);
    expect(statuses.workspace.get(400) ?? 0).toBeGreaterThan(0);
  }, 60_000);

  it('150 bodies to PUT /api/instance/settings', async () => {
    await fc.assert(
      fc.asyncProperty(instanceBodies, (body) => fuzzOne('instance', body)),
      { numRuns: 150, endOnFailure: true },
    );
    expect(statuses.instance.get(200) ?? 0, JSON.stringify([...statuses.instance])).toBeGreaterThan(0);
    expect(statuses.instance.get(400) ?? 0).toBeGreaterThan(0);
    // Still serving, and the workspace settings still read.
    expect((await call(service.url, 'GET', `/api/workspaces/${workspaceId}/settings`, { session })).status).toBe(200);
  }, 60_000);
});
