import { z } from 'zod';
import type { NewRelicKeyTest } from '../../../../contracts/sources';
import type { OutboundFetch } from '../../../platform/net/outbound-fetch';
import { HostError, HostInputError, HostResponseError } from './host-errors';
import { createHostHttp } from './host-http';

/**
 * New Relic NerdGraph (DECISIONS.md section 1: accountId, region `us`/`eu`,
 * user API key in header `API-Key`). Two uses: testing a key against an
 * account, and reading which services called which (from distributed-tracing
 * attributes of Transaction events). Calls: docs/hosts.md "New Relic".
 */

export const newRelicRegions = ['us', 'eu'] as const;
export type NewRelicRegion = (typeof newRelicRegions)[number];

/** The NerdGraph address of each region. */
export const newRelicGraphqlUrls: Readonly<Record<NewRelicRegion, string>> = Object.freeze({
  us: 'https://api.newrelic.com/graphql',
  eu: 'https://api.eu.newrelic.com/graphql',
});

export interface NewRelicClientOptions {
  region: NewRelicRegion;
  apiKey: string;
  /** Replaces the region's address (tests, a proxy); the key is bound to this address's origin. */
  graphqlUrl?: string;
  /** The outbound client under the instance policy (lib/features/settings/outbound-guard.ts). */
  fetch: OutboundFetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  maxAttempts?: number;
  maxTotalWaitMs?: number;
}

/** What a key test answers (the contract's). */
export type { NewRelicKeyTest };

/** Calls from one APM application to another over a time window. */
export interface ServiceCall {
  /** The calling application's ID (`parent.app` of the called side's transactions). */
  callerAppId: string;
  callerName: string | null;
  calleeAppId: string;
  calleeName: string | null;
  callCount: number;
}

export interface NewRelicClient {
  /** Whether the key works and can read the account; never throws for a NerdGraph failure, reports it. */
  testKey(accountId: number | string): Promise<NewRelicKeyTest>;
  /** Service-to-service call counts of the last `sinceMinutes` (1 to 10080, default 60). */
  readServiceCalls(accountId: number | string, options?: { sinceMinutes?: number }): Promise<ServiceCall[]>;
}

const graphqlErrorSchema = z.object({ message: z.string() });

function answerSchema<T extends z.ZodType>(data: T) {
  return z.object({ data: data.nullish(), errors: z.array(graphqlErrorSchema).optional() });
}

const testQuery = `query TestKey($accountId: Int!) {
  actor {
    user { name email }
    account(id: $accountId) { id name }
  }
}`;
const testAnswer = answerSchema(
  z.object({
    actor: z.object({ user: z.object({ name: z.string(), email: z.string() }).nullish(), account: z.object({ name: z.string() }).nullish() }).nullish(),
  }),
);

const callsQuery = `query ServiceCalls($accountId: Int!, $calls: Nrql!, $apps: Nrql!) {
  actor {
    account(id: $accountId) {
      calls: nrql(query: $calls) { results }
      apps: nrql(query: $apps) { results }
    }
  }
}`;
const nrqlRows = z.object({ results: z.array(z.record(z.string(), z.unknown())) }).nullish();
const callsAnswer = answerSchema(z.object({ actor: z.object({ account: z.object({ calls: nrqlRows, apps: nrqlRows }).nullish() }).nullish() }));

/** NerdGraph's `Int` is 32-bit; account IDs fit it. */
function checkAccountId(accountId: number | string): number {
  const text = String(accountId).trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
    throw new HostInputError('newrelic', 'accountId must be a whole number from 1 to 2147483647.');
  }
  return Number(text);
}

/** A facet value as text: NRQL gives IDs as numbers or strings. */
function facetText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return null;
}

/**
 * The facets of a row: NerdGraph writes a multi-attribute FACET both as the
 * `facet` array (in FACET order) and as one key per attribute.
 */
function facetsOf(row: Record<string, unknown>, names: string[]): (string | null)[] {
  const facet = Array.isArray(row.facet) ? row.facet : null;
  return names.map((name, index) => facetText(facet ? facet[index] : row[name]) ?? facetText(row[name]));
}

/** The client of NerdGraph for one user API key. */
export function createNewRelicClient(options: NewRelicClientOptions): NewRelicClient {
  const address = options.graphqlUrl ?? newRelicGraphqlUrls[options.region];
  const http = createHostHttp({
    host: 'newrelic',
    apiBaseUrl: address,
    credentialHeaders: { 'api-key': options.apiKey },
    headers: { 'content-type': 'application/json' },
    fetch: options.fetch,
    now: options.now,
    sleep: options.sleep,
    timeoutMs: options.timeoutMs,
    maxAttempts: options.maxAttempts,
    maxTotalWaitMs: options.maxTotalWaitMs,
  });

  const post = <T>(query: string, variables: Record<string, unknown>, schema: z.ZodType<T>) =>
    http.json(http.url(''), schema, { method: 'POST', body: JSON.stringify({ query, variables }) });

  async function testKey(accountId: number | string): Promise<NewRelicKeyTest> {
    try {
      const id = checkAccountId(accountId);
      const { data: answer } = await post(testQuery, { accountId: id }, testAnswer);
      const actor = answer.data?.actor;
      const user = actor?.user ?? undefined;
      const said = answer.errors?.[0]?.message;
      if (!user) return { ok: false, status: 200, message: `New Relic refused the key: ${said ?? 'no user for this key'}.` };
      if (!actor?.account) return { ok: false, status: 200, message: `The key works for ${user.name} but cannot read account ${id}${said ? `: ${said}` : ''}.`, user };
      return { ok: true, status: 200, message: `The key works for ${user.name} and reads account ${actor.account.name}.`, user, accountName: actor.account.name };
    } catch (error) {
      if (error instanceof HostError) return { ok: false, status: error.status ?? 0, message: error.message };
      throw error;
    }
  }

  async function readServiceCalls(accountId: number | string, callOptions: { sinceMinutes?: number } = {}): Promise<ServiceCall[]> {
    const id = checkAccountId(accountId);
    const since = callOptions.sinceMinutes ?? 60;
    if (!Number.isInteger(since) || since < 1 || since > 10_080) throw new HostInputError('newrelic', 'sinceMinutes must be a whole number from 1 to 10080.');
    // A transaction started by a distributed-tracing call carries the caller's application ID in `parent.app`.
    const calls = `SELECT count(*) FROM Transaction WHERE parent.app IS NOT NULL FACET parent.app, appId, appName SINCE ${since} MINUTES AGO LIMIT MAX`;
    const apps = `SELECT count(*) FROM Transaction FACET appId, appName SINCE ${since} MINUTES AGO LIMIT MAX`;
    const { data: answer } = await post(callsQuery, { accountId: id, calls, apps }, callsAnswer);
    if (answer.errors?.length) throw new HostResponseError('newrelic', 200, `New Relic refused the call-count query: ${answer.errors[0]!.message}`);
    const account = answer.data?.actor?.account;
    if (!account?.calls || !account.apps) throw new HostResponseError('newrelic', 200, `New Relic gave no call counts for account ${id}.`);
    const names = new Map<string, string>();
    for (const row of account.apps.results) {
      const [appId, appName] = facetsOf(row, ['appId', 'appName']);
      if (appId && appName) names.set(appId, appName);
    }
    const result: ServiceCall[] = [];
    for (const row of account.calls.results) {
      const [callerAppId, calleeAppId, calleeName] = facetsOf(row, ['parent.app', 'appId', 'appName']);
      const callCount = typeof row.count === 'number' ? row.count : Number.NaN;
      if (!callerAppId || !calleeAppId || !Number.isFinite(callCount)) continue;
      result.push({ callerAppId, callerName: names.get(callerAppId) ?? null, calleeAppId, calleeName: calleeName ?? names.get(calleeAppId) ?? null, callCount });
    }
    return result.sort((a, b) => b.callCount - a.callCount || a.callerAppId.localeCompare(b.callerAppId) || a.calleeAppId.localeCompare(b.calleeAppId));
  }

  return { testKey, readServiceCalls };
}
