import { appendAudit } from '../../platform/audit/audit-log';
import { azureEntryOf, pickAzurePrice } from './azure-prices';
import { awsEntriesOf } from './aws-prices';
import { awsCatalog, azureCatalog, gcpCatalog, type PriceCatalogContext } from './catalog-access';
import type { AwsImportRequest, AzureImportRequest, GcpImportRequest } from './catalog-requests';
import { readAwsRates } from './catalogs/aws-price-list';
import { readAllAzurePrices } from './catalogs/azure-retail-prices';
import { withCatalogProblems } from './catalogs/catalog-problem';
import { listGcpSkus } from './catalogs/gcp-billing-catalog';
import { gcpEntriesOf } from './gcp-prices';
import type { NewPriceEntry, PriceEntry } from './price-entry';
import { saveCatalogEntries } from './price-store';

/**
 * The catalog imports (POST W/prices/azure, …/aws, …/gcp; docs/prices.md "Imports"): every
 * catalog call is made first, so a failing catalog stores nothing; the prices are then saved in
 * one transaction with their audit entry. A price already imported (same catalog key, currency
 * and date) is answered as it is stored, not added again.
 */

export interface ImportInput<R> {
  workspaceId: string;
  request: R;
  actor: string;
  at: Date;
}

async function store(context: PriceCatalogContext, input: ImportInput<unknown>, catalog: 'azure' | 'aws' | 'gcp', entries: NewPriceEntry[]): Promise<PriceEntry[]> {
  return context.db.transaction().execute(async (trx) => {
    const saved = await saveCatalogEntries(trx, { workspaceId: input.workspaceId, entries, actor: input.actor, at: input.at });
    await appendAudit(trx, { workspaceId: input.workspaceId, actor: input.actor, action: 'price.import', detail: { catalog, prices: saved.length }, at: input.at });
    return saved;
  });
}

/** One Azure retail price, by its meter (and SKU and region when the meter has several). */
export async function importAzurePrice(context: PriceCatalogContext, input: ImportInput<AzureImportRequest>): Promise<PriceEntry> {
  const { http, baseUrl } = await azureCatalog(context, input.workspaceId);
  const { meterId, skuId, armRegionName, currency } = input.request;
  const items = await withCatalogProblems(() => readAllAzurePrices(http, baseUrl, { meterId, skuId, armRegionName, currencyCode: currency }));
  const [saved] = await store(context, input, 'azure', [azureEntryOf(pickAzurePrice(items, input.request))]);
  return saved!;
}

/** OnDemand rates of an AWS service in a region. */
export async function importAwsPrices(context: PriceCatalogContext, input: ImportInput<AwsImportRequest>): Promise<PriceEntry[]> {
  const { http, baseUrl } = await awsCatalog(context);
  const rates = await withCatalogProblems(() => readAwsRates(http, baseUrl, input.request.service, input.request.region));
  return store(context, input, 'aws', awsEntriesOf(rates, input.request));
}

/** Prices of Google Cloud SKUs, one per pricing tier. */
export async function importGcpPrices(context: PriceCatalogContext, input: ImportInput<GcpImportRequest>): Promise<PriceEntry[]> {
  const { http, baseUrl, apiKey } = await gcpCatalog(context, input.workspaceId);
  const skus = await withCatalogProblems(() => listGcpSkus(http, baseUrl, apiKey, input.request.serviceId, input.request.currency));
  return store(context, input, 'gcp', gcpEntriesOf(skus, input.request));
}
