import { headerOf, sendJson, startFakeHttpServer } from './fake-http-server';
import { type FakeHost, fakeHostOf, httpDate } from './fake-host';

/**
 * A fake New Relic NerdGraph (`POST /graphql`, header `API-Key`) answering
 * the two queries of lib/features/sources/hosts/newrelic-client.ts as
 * docs.newrelic.com describes them: HTTP 401 with `BAD_API_KEY` for a bad
 * key, `data` with `errors` beside it for a partial answer, and NRQL results
 * as rows with a `facet` array plus one key per faceted attribute.
 */

/** One group of Transaction events: the called app, and the caller's app ID when a traced call started them. */
export interface FakeTransactions {
  appId: number;
  appName: string;
  parentApp?: string;
  count: number;
}

export interface FakeNewRelicOptions {
  apiKey: string;
  user?: { name: string; email: string };
  /** Account ID → name, the accounts the key can read. */
  accounts: Record<number, string>;
  transactions?: FakeTransactions[];
}

export async function startFakeNewRelic(options: FakeNewRelicOptions): Promise<FakeHost> {
  const server = await startFakeHttpServer((request, response) => {
    if (request.method !== 'POST' || request.segments.join('/') !== 'graphql') return sendJson(response, 404, { errors: [{ message: 'Not Found' }] });
    if (headerOf(request, 'api-key') !== options.apiKey) {
      return sendJson(response, 401, { errors: [{ extensions: { error_code: 'BAD_API_KEY' }, message: 'Bad API Key or no API Key provided' }] });
    }
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(request.body);
    } catch {
      return sendJson(response, 400, { errors: [{ message: 'Request body is not valid JSON' }] });
    }
    const query = body.query ?? '';
    const variables = body.variables ?? {};
    const accountId = variables.accountId;
    if (typeof accountId !== 'number') return sendJson(response, 200, { errors: [{ message: 'Variable "$accountId" of required type "Int!" was not provided.' }] });
    const accountName = options.accounts[accountId];
    const noAccess = { message: `Account ${accountId}: access denied`, path: ['actor', 'account'], extensions: { errorClass: 'FORBIDDEN' } };

    if (/\buser\s*\{/.test(query)) {
      return sendJson(response, 200, {
        data: { actor: { user: options.user ?? { name: 'Ada Lovelace', email: 'ada@example.com' }, account: accountName ? { id: accountId, name: accountName } : null } },
        ...(accountName ? {} : { errors: [noAccess] }),
      });
    }
    if (/nrql\(query:\s*\$calls\)/.test(query) && /nrql\(query:\s*\$apps\)/.test(query)) {
      if (!accountName) return sendJson(response, 200, { data: { actor: { account: null } }, errors: [noAccess] });
      const transactions = options.transactions ?? [];
      const calls = String(variables.calls ?? '');
      const apps = String(variables.apps ?? '');
      if (!/FROM Transaction WHERE parent\.app IS NOT NULL FACET parent\.app, appId, appName/.test(calls) || !/FROM Transaction FACET appId, appName/.test(apps)) {
        return sendJson(response, 200, { data: { actor: { account: { calls: null, apps: null } } }, errors: [{ message: 'NRQL Syntax Error: this fake knows only the two call-count queries' }] });
      }
      const group = (rows: FakeTransactions[], key: (row: FakeTransactions) => (string | number)[]) => {
        const totals = new Map<string, { facet: (string | number)[]; count: number }>();
        for (const row of rows) {
          const facet = key(row);
          const id = JSON.stringify(facet);
          const entry = totals.get(id) ?? { facet, count: 0 };
          entry.count += row.count;
          totals.set(id, entry);
        }
        return [...totals.values()];
      };
      const callRows = group(
        transactions.filter((row) => row.parentApp !== undefined),
        (row) => [row.parentApp!, String(row.appId), row.appName],
      ).map(({ facet, count }) => ({ facet, 'parent.app': facet[0], appId: Number(facet[1]), appName: facet[2], count }));
      const appRows = group(transactions, (row) => [String(row.appId), row.appName]).map(({ facet, count }) => ({ facet, appId: Number(facet[0]), appName: facet[1], count }));
      return sendJson(response, 200, { data: { actor: { account: { calls: { results: callRows }, apps: { results: appRows } } } } });
    }
    return sendJson(response, 200, { errors: [{ message: 'Cannot query field on type "Actor"' }] });
  });

  return fakeHostOf(server, '/graphql', {
    errorResponse: (response, status) => sendJson(response, status, { errors: [{ message: status === 401 ? 'Bad API Key or no API Key provided' : 'Internal Server Error' }] }),
    rateLimitResponse: (response, limit) => {
      const headers: Record<string, string> = {};
      if (limit.kind === 'retry-after') headers['retry-after'] = String(limit.seconds);
      if (limit.kind === 'retry-after-date') headers['retry-after'] = httpDate(limit.date);
      if (limit.kind === 'quota-exhausted') headers['retry-after'] = httpDate(new Date(limit.resetEpochSeconds * 1000));
      sendJson(response, 429, { errors: [{ message: 'Too many concurrent requests', extensions: { errorClass: 'TOO_MANY_REQUESTS' } }] }, headers);
    },
  });
}
