import { createNewRelicClient, type NewRelicRegion } from '../sources/hosts/newrelic-client';
import { nerdGraphUrl, newRelicKeyName, type NewRelicContext } from '../sources/newrelic-source';
import { readSecretForOrigin } from '../secrets/secret-store';
import { policyOutboundFetch } from '../settings/outbound-guard';
import { measuredCallFacts } from './measured-call-facts';
import type { ScanInput } from './scan-input';

/** The window of calls a New Relic scan reads. */
export const newRelicWindowMinutes = 60;

/**
 * A scan of a New Relic Source: the service-to-service calls of the last
 * hour from NerdGraph, as measured apps and call relationships. Like a trace
 * file it shows only what was called: partial, so nothing is proposed for
 * removal or marked stale.
 */
export async function openNewRelicInput(context: NewRelicContext, source: { id: string; accountId: string | null; region: string | null }, workspaceId: string): Promise<ScanInput> {
  const region = (source.region ?? 'us') as NewRelicRegion;
  const url = nerdGraphUrl(region, context.graphqlUrlOverride);
  const apiKey = await readSecretForOrigin(context.db, context.keyring, { workspaceId, name: newRelicKeyName(source.id), origin: new URL(url).origin });
  if (apiKey === null) throw new Error('The Source has no user API key for this NerdGraph address; set it with PUT …/apm/key.');
  const client = createNewRelicClient({ region, apiKey, graphqlUrl: url, fetch: await policyOutboundFetch(context) });
  const rows = await client.readServiceCalls(source.accountId ?? '', { sinceMinutes: newRelicWindowMinutes });
  const nameOf = (name: string | null, id: string) => name ?? `app-${id}`;
  const calls = rows.map((r) => ({ from: nameOf(r.callerName, r.callerAppId), to: nameOf(r.calleeName, r.calleeAppId), count: r.callCount, technology: null }));
  const services = [...new Set(calls.flatMap((c) => [c.from, c.to]))].sort();
  const where = `newrelic:${source.accountId}`;
  const facts = measuredCallFacts(services, calls, [{ path: where, startLine: 1, endLine: 1 }]);
  return {
    commitSha: null,
    entries: (async function* () {})(),
    close: async () => undefined,
    extraction: {
      facts,
      skipped: [],
      filesListed: 0,
      filesRead: 0,
      bytesRead: 0,
      isComplete: false,
      extractionGap: `New Relic shows the calls of the last ${newRelicWindowMinutes} minutes only: nothing is proposed for removal or marked stale.`,
      blobShas: new Map(),
      evidenceTexts: new Map(),
      diagnostics: null,
    },
  };
}
