import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import { ConflictError, ValidationError } from '../../platform/errors/service-error';
import { readSecretForOrigin, saveSecret } from '../secrets/secret-store';
import { policyOutboundFetch } from '../settings/outbound-guard';
import { createNewRelicClient, newRelicGraphqlUrls, type NewRelicKeyTest, type NewRelicRegion } from './hosts/newrelic-client';

/** The stored name of a New Relic Source's user API key (encrypted like every workspace credential). */
export function newRelicKeyName(sourceId: string): string {
  return `newrelic:${sourceId}:apiKey`;
}

/** NerdGraph's address for a region, or `Svc__NewRelic__GraphqlUrl` when set; the key is bound to its origin. */
export function nerdGraphUrl(region: NewRelicRegion, override: string | null): string {
  return override ?? newRelicGraphqlUrls[region];
}

/** A user API key: 1 to 4096 printable ASCII characters (part 2 "Credentials"). */
export function checkApiKey(apiKey: string | null | undefined, field = 'apiKey'): string {
  if (typeof apiKey !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(apiKey)) throw new ValidationError('Invalid request body', [{ field, message: 'must be 1 to 4096 printable ASCII characters' }]);
  return apiKey;
}

export interface NewRelicContext {
  db: Kysely<Database>;
  keyring: MasterKeyring;
  graphqlUrlOverride: string | null;
  /** Whose policy the outbound requests keep to (docs/security.md "Outbound requests"). */
  profile: Profile;
}

export async function saveNewRelicKey(context: NewRelicContext, input: { workspaceId: string; sourceId: string; region: NewRelicRegion; apiKey: string; actor: string; at: Date }): Promise<void> {
  const origin = new URL(nerdGraphUrl(input.region, context.graphqlUrlOverride)).origin;
  await saveSecret(context.db, context.keyring, { workspaceId: input.workspaceId, name: newRelicKeyName(input.sourceId), origin, value: input.apiKey, actor: input.actor, at: input.at });
}

/** Tests a key against NerdGraph; a failure is reported, not thrown. */
export async function testNewRelicKey(context: Pick<NewRelicContext, 'db' | 'profile' | 'graphqlUrlOverride'>, input: { region: NewRelicRegion; accountId: string; apiKey: string }): Promise<NewRelicKeyTest> {
  const client = createNewRelicClient({ region: input.region, apiKey: input.apiKey, graphqlUrl: nerdGraphUrl(input.region, context.graphqlUrlOverride), fetch: await policyOutboundFetch(context) });
  return client.testKey(input.accountId);
}

/** Tests the stored key of a New Relic Source; 409 when none is stored for NerdGraph's current address. */
export async function testStoredNewRelicKey(context: NewRelicContext, source: { id: string; accountId: string | null; region: string | null }, workspaceId: string): Promise<NewRelicKeyTest> {
  const region = (source.region ?? 'us') as NewRelicRegion;
  const url = nerdGraphUrl(region, context.graphqlUrlOverride);
  const apiKey = await readSecretForOrigin(context.db, context.keyring, { workspaceId, name: newRelicKeyName(source.id), origin: new URL(url).origin });
  if (apiKey === null) throw new ConflictError('No API key', 'The Source has no user API key for this NerdGraph address; set it with PUT …/apm/key.');
  return testNewRelicKey(context, { region, accountId: source.accountId ?? '', apiKey });
}
