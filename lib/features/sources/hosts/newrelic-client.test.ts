import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../../../test/support/fake-hosts/fake-clock';
import type { FakeHost } from '../../../../test/support/fake-hosts/fake-host';
import { startFakeNewRelic } from '../../../../test/support/fake-hosts/fake-newrelic';
import { HostInputError, HostRateLimitedError } from './host-errors';
import { createNewRelicClient, type NewRelicClientOptions, newRelicGraphqlUrls } from './newrelic-client';
import { openOutboundFetch } from '../../../../test/support/outbound';

const apiKey = 'NRAK-VALIDKEY';

describe('New Relic client against the fake NerdGraph', () => {
  let fake: FakeHost;
  let other: FakeHost;

  beforeAll(async () => {
    const transactions = [
      { appId: 200, appName: 'orders', parentApp: '100', count: 30 },
      { appId: 200, appName: 'orders', parentApp: '100', count: 12 },
      { appId: 300, appName: 'payments', parentApp: '200', count: 40 },
      { appId: 300, appName: 'payments', parentApp: '999', count: 1 },
      { appId: 100, appName: 'web', count: 500 },
      { appId: 200, appName: 'orders', count: 5 },
    ];
    fake = await startFakeNewRelic({ apiKey, accounts: { 1234567: 'Acme Production' }, transactions });
    other = await startFakeNewRelic({ apiKey: 'someone-else', accounts: {} });
  });
  afterAll(async () => {
    await fake.close();
    await other.close();
  });

  const client = (overrides: Partial<NewRelicClientOptions> = {}) => createNewRelicClient({ fetch: openOutboundFetch, region: 'us', apiKey, graphqlUrl: fake.apiBaseUrl, ...overrides });

  it('knows the public NerdGraph address of each region', () => {
    expect(newRelicGraphqlUrls).toEqual({ us: 'https://api.newrelic.com/graphql', eu: 'https://api.eu.newrelic.com/graphql' });
  });

  it('tests a key against an account: POST /graphql with API-Key and the account as an Int variable', async () => {
    expect(await client().testKey('1234567')).toEqual({
      ok: true,
      status: 200,
      message: 'The key works for Ada Lovelace and reads account Acme Production.',
      user: { name: 'Ada Lovelace', email: 'ada@example.com' },
      accountName: 'Acme Production',
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/graphql');
    expect(sent.headers['api-key']).toBe(apiKey);
    expect(sent.headers['content-type']).toBe('application/json');
    const body = JSON.parse(sent.body);
    expect(body.variables).toEqual({ accountId: 1234567 });
    expect(body.query).toMatch(/actor\s*\{\s*user\s*\{\s*name email\s*\}\s*account\(id: \$accountId\)\s*\{\s*id name\s*\}/);
  });

  it('reports a bad key (401 BAD_API_KEY), an account the key cannot read, and a bad account ID', async () => {
    const bad = await client({ apiKey: 'wrong' }).testKey(1234567);
    expect(bad).toMatchObject({ ok: false, status: 401 });
    expect(bad.message).toContain('Bad API Key');
    expect(await client().testKey(42)).toEqual({
      ok: false,
      status: 200,
      message: 'The key works for Ada Lovelace but cannot read account 42: Account 42: access denied.',
      user: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    const mark = fake.requests.length;
    expect(await client().testKey('12ab')).toMatchObject({ ok: false, status: 0 });
    expect(fake.requests.length).toBe(mark);
  });

  it('reads service-to-service call counts with their names, largest first', async () => {
    expect(await client().readServiceCalls(1234567, { sinceMinutes: 30 })).toEqual([
      { callerAppId: '100', callerName: 'web', calleeAppId: '200', calleeName: 'orders', callCount: 42 },
      { callerAppId: '200', callerName: 'orders', calleeAppId: '300', calleeName: 'payments', callCount: 40 },
      { callerAppId: '999', callerName: null, calleeAppId: '300', calleeName: 'payments', callCount: 1 },
    ]);
    const variables = JSON.parse(fake.requests.at(-1)!.body).variables;
    expect(variables.calls).toBe('SELECT count(*) FROM Transaction WHERE parent.app IS NOT NULL FACET parent.app, appId, appName SINCE 30 MINUTES AGO LIMIT MAX');
    await expect(client().readServiceCalls(1234567, { sinceMinutes: 0 })).rejects.toBeInstanceOf(HostInputError);
    await expect(client().readServiceCalls(42)).rejects.toThrow(/access denied/);
  });

  it('waits out a 429 and gives up past the budget', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 1 });
    expect((await client(clock).testKey(1234567)).ok).toBe(true);
    expect(clock.sleeps).toEqual([1000]);
    fake.rateLimitNext({ kind: 'retry-after', seconds: 90 });
    await expect(client(clock).readServiceCalls(1234567)).rejects.toBeInstanceOf(HostRateLimitedError);
  });

  it('never sends the key to another origin, even when a redirect keeps the POST', async () => {
    const mark = other.requests.length;
    fake.redirectNext(other.origin, { status: 307 });
    const result = await client().testKey(1234567);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/another origin, which is not followed/) });
    expect(other.requests.slice(mark)).toEqual([]);
  });
});
