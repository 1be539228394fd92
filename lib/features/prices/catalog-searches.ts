import type { AwsRatesFound, AwsRegions, AwsServices, AzureMetersPage, GcpServices, GcpSkusFound } from '../../../contracts/prices';
import { createHash } from 'node:crypto';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor';
import { azureMeterOf } from './azure-prices';
import { findAwsRates } from './aws-prices';
import { awsCatalog, azureCatalog, gcpCatalog, type PriceCatalogContext } from './catalog-access';
import { listAwsRegions, listAwsServices, readAwsRates } from './catalogs/aws-price-list';
import { type AzurePriceFilter, azureFilterText, readAzurePricePage } from './catalogs/azure-retail-prices';
import { withCatalogProblems } from './catalogs/catalog-problem';
import { listGcpServices, listGcpSkus } from './catalogs/gcp-billing-catalog';
import { findGcpSkus, gcpSkuOf } from './gcp-prices';

/**
 * The catalog searches (GET W/prices/azure/meters, …/aws/…, …/gcp/…; docs/prices.md
 * "Searches"): read only, nothing stored.
 */

export interface AzureMeterSearch {
  serviceName: string | null;
  region: string | null;
  skuName: string | null;
  meterName: string | null;
  currency: string | null;
  cursor?: string | undefined;
}

/** The cursor of a meter page is bound to its workspace and its filter: another filter's cursor is refused. */
function meterCursorScope(workspaceId: string, filter: AzurePriceFilter): string {
  const digest = createHash('sha256').update(JSON.stringify([azureFilterText(filter), filter.currencyCode])).digest('base64url').slice(0, 22);
  return `azure-meters:${workspaceId}:${digest}`;
}

/** One page of Azure retail prices (one page of the API, 100 or as many as it answers), with a cursor to the next. */
export async function searchAzureMeters(context: PriceCatalogContext, workspaceId: string, search: AzureMeterSearch): Promise<AzureMetersPage> {
  const { http, baseUrl, defaultCurrency } = await azureCatalog(context, workspaceId);
  const filter: AzurePriceFilter = { serviceName: search.serviceName, armRegionName: search.region, skuName: search.skuName, meterName: search.meterName, currencyCode: search.currency ?? defaultCurrency };
  const scope = meterCursorScope(workspaceId, filter);
  const skip = search.cursor ? decodeCursor<{ skip: number }>(context.keyring, scope, search.cursor).skip : 0;
  const page = await withCatalogProblems(() => readAzurePricePage(http, baseUrl, filter, skip));
  return {
    currency: filter.currencyCode,
    items: page.items.map(azureMeterOf),
    nextCursor: page.nextSkip === null ? null : encodeCursor(context.keyring, scope, { skip: page.nextSkip }),
  };
}

export async function searchAwsServices(context: PriceCatalogContext): Promise<AwsServices> {
  const { http, baseUrl } = await awsCatalog(context);
  return { items: await withCatalogProblems(() => listAwsServices(http, baseUrl)) };
}

export async function searchAwsRegions(context: PriceCatalogContext, service: string): Promise<AwsRegions> {
  const { http, baseUrl } = await awsCatalog(context);
  return { items: await withCatalogProblems(() => listAwsRegions(http, baseUrl, service)) };
}

export async function searchAwsPrices(context: PriceCatalogContext, query: { service: string; region: string; search: string | null }): Promise<AwsRatesFound> {
  const { http, baseUrl } = await awsCatalog(context);
  const rates = await withCatalogProblems(() => readAwsRates(http, baseUrl, query.service, query.region));
  return findAwsRates(rates, query.search);
}

export async function searchGcpServices(context: PriceCatalogContext, workspaceId: string): Promise<GcpServices> {
  const { http, baseUrl, apiKey } = await gcpCatalog(context, workspaceId);
  return { items: await withCatalogProblems(() => listGcpServices(http, baseUrl, apiKey)) };
}

export async function searchGcpSkus(context: PriceCatalogContext, workspaceId: string, query: { serviceId: string; region: string | null; search: string | null; currency: string | null }): Promise<GcpSkusFound> {
  const { http, baseUrl, apiKey, defaultCurrency } = await gcpCatalog(context, workspaceId);
  const currency = query.currency ?? defaultCurrency;
  const skus = await withCatalogProblems(() => listGcpSkus(http, baseUrl, apiKey, query.serviceId, currency));
  const found = findGcpSkus(skus, query.region, query.search);
  return { currency, items: found.items.map(gcpSkuOf), truncated: found.truncated };
}
