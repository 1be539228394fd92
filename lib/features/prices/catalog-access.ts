import type { Kysely } from 'kysely';
import type { PriceCatalogConfig, Profile } from '../../platform/config/service-config';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import { ConflictError } from '../../platform/errors/service-error';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import { readSecretForOrigin } from '../secrets/secret-store';
import { type InstancePolicy, readInstancePolicy } from '../settings/instance-policy';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { type ResolveHost, systemResolveHost } from '../../platform/net/resolve-host';
import { policyOutboundFetch } from '../settings/outbound-guard';
import { settingsUrlProblem } from '../settings/settings-url-rules';
import { type CatalogHttp, type CatalogName, createCatalogHttp } from './catalogs/catalog-http';

/**
 * Where each catalog is and what it needs, for one request (docs/prices.md "Catalogs"): the
 * Azure address from the workspace's settings, checked against the URL rules when the search
 * runs; the fixed AWS and Google addresses from the configuration; the Google API key from the
 * workspace's credentials. One client per request: the time limit covers all its calls.
 */
export interface PriceCatalogContext {
  db: Kysely<Database>;
  keyring: MasterKeyring;
  profile: Profile;
  catalogs: PriceCatalogConfig;
  resolveHost?: ResolveHost;
}

/** The catalog context of the running service. */
export function priceCatalogContext(runtime: ServiceRuntime): PriceCatalogContext {
  return { db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile, catalogs: runtime.config.priceCatalogs };
}

/** Bytes one catalog answer may hold: an AWS price list of a region is one file; the others come in pages. */
export const catalogAnswerBytes = Object.freeze({ azure: 16 * 1024 * 1024, aws: 64 * 1024 * 1024, gcp: 32 * 1024 * 1024 });

/** A catalog client that calls only the catalog's origin (its key can go nowhere else), under the instance policy. */
async function client(context: PriceCatalogContext & { policy?: InstancePolicy }, baseUrl: string, catalog: CatalogName, maxBytes: number, secrets: string[] = []): Promise<CatalogHttp> {
  const fetch = await policyOutboundFetch(context, { onlyOrigin: new URL(baseUrl).origin });
  return createCatalogHttp({ catalog, timeoutMs: context.catalogs.timeoutMs, maxBytes, secrets, fetch });
}

/** The Azure Retail Prices search of a workspace: 409 while `cost.azurePricesBaseUrl` is empty or breaks the URL rules now. */
export async function azureCatalog(context: PriceCatalogContext, workspaceId: string): Promise<{ http: CatalogHttp; baseUrl: string; defaultCurrency: string }> {
  const settings = await effectiveWorkspaceSettings(context, workspaceId);
  const baseUrl = settings.cost.azurePricesBaseUrl;
  if (baseUrl === '') {
    throw new ConflictError('Azure price search is off', 'The workspace setting cost.azurePricesBaseUrl is empty, which turns the Azure Retail Prices search off. Set it to the API address to search.', [
      { field: 'cost.azurePricesBaseUrl', message: 'is empty: the Azure price search is off' },
    ]);
  }
  // Part 2 "URL rules": a save does not resolve this host; the search does, each time it runs.
  const policy = await readInstancePolicy(context.db, context.profile);
  const problem = await settingsUrlProblem(baseUrl, { profile: context.profile, allowPrivateNetworkUrls: policy.allowPrivateNetworkUrls, resolveHost: context.resolveHost ?? systemResolveHost });
  if (problem !== null) {
    throw new ConflictError('Azure price address refused', `The workspace setting cost.azurePricesBaseUrl ${problem}; nothing was sent.`, [{ field: 'cost.azurePricesBaseUrl', message: problem }]);
  }
  return { http: await client({ ...context, policy }, baseUrl, 'Azure Retail Prices', catalogAnswerBytes.azure), baseUrl, defaultCurrency: settings.cost.currency };
}

/** The AWS Price List bulk API: no setting, no credential. */
export async function awsCatalog(context: PriceCatalogContext): Promise<{ http: CatalogHttp; baseUrl: string }> {
  const baseUrl = context.catalogs.awsPriceListUrl;
  return { http: await client(context, baseUrl, 'AWS Price List', catalogAnswerBytes.aws), baseUrl };
}

/** The name of the workspace credential the Cloud Billing Catalog needs (DECISIONS.md section 1). */
export const gcpApiKeySecret = 'gcp:apiKey';

/** The Cloud Billing Catalog with the workspace's API key: 409 when none is saved for its address. */
export async function gcpCatalog(context: PriceCatalogContext, workspaceId: string): Promise<{ http: CatalogHttp; baseUrl: string; apiKey: string; defaultCurrency: string }> {
  const baseUrl = context.catalogs.gcpBillingUrl;
  const origin = new URL(baseUrl).origin;
  const apiKey = await readSecretForOrigin(context.db, context.keyring, { workspaceId, name: gcpApiKeySecret, origin });
  if (apiKey === null) {
    throw new ConflictError(
      'Google Cloud API key not set',
      `The Cloud Billing Catalog needs the workspace credential ${gcpApiKeySecret}, saved for ${origin}. An owner sets it with PUT /api/workspaces/${workspaceId}/secrets/${gcpApiKeySecret}.`,
      [{ field: gcpApiKeySecret, message: `is not set for ${origin}` }],
    );
  }
  const settings = await effectiveWorkspaceSettings(context, workspaceId);
  return { http: await client(context, baseUrl, 'Google Cloud Billing Catalog', catalogAnswerBytes.gcp, [apiKey, encodeURIComponent(apiKey)]), baseUrl, apiKey, defaultCurrency: settings.cost.currency };
}
