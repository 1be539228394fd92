/**
 * The workspace price API as the prices screen calls it (part 2 "Prices"; docs/prices.md):
 * the list, custom prices, CSV imports, deletion and the three catalogs (`azure`, `aws`,
 * `gcp`). Answer shapes are the contracts' (contracts/prices.ts), read as types only. Every amount
 * is a decimal string, shown as it is and never read into a float.
 */
import type { AwsRate, AzureMeter, GcpService, GcpSku, PriceCsvResult, PriceEntry } from '../../../../contracts/prices';
import { call } from '../../api/call';

export type { AwsRate, AzureMeter, GcpService, GcpSku, PriceEntry };
export type CsvResult = PriceCsvResult;

/** CustomPriceRequest: every field present; `region` and `description` may be null. */
export interface CustomPriceRequest {
  provider: string;
  region: string | null;
  sku: string;
  description: string | null;
  unit: string;
  unitPrice: string | null;
  currency: string;
  effectiveDate: string;
}

export interface AzureMeterQuery {
  serviceName: string;
  region: string;
  skuName: string;
  meterName: string;
  currency: string;
}

/** The largest page the list gives (docs/prices.md: `limit` 1–200). */
export const largestPricePage = 200;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const pricesApi = {
  list: (workspaceId: string, cursor: string | null, limit: number, signal?: AbortSignal) => call('GET /api/workspaces/{workspaceId}/prices', { workspaceId }, { query: { cursor, limit }, ...withSignal(signal) }),
  create: (workspaceId: string, body: CustomPriceRequest) => call('POST /api/workspaces/{workspaceId}/prices', { workspaceId }, { body }),
  importCsv: (workspaceId: string, csv: string) => call('POST /api/workspaces/{workspaceId}/prices/csv', { workspaceId }, { body: { csv } }),
  remove: (workspaceId: string, priceId: string) => call('DELETE /api/workspaces/{workspaceId}/prices/{priceId}', { workspaceId, priceId }),

  azureMeters: (workspaceId: string, query: AzureMeterQuery, cursor: string | null, signal?: AbortSignal) =>
    call('GET /api/workspaces/{workspaceId}/prices/azure/meters', { workspaceId }, { query: { ...query, cursor }, ...withSignal(signal) }),
  importAzure: (workspaceId: string, body: { meterId: string; skuId: string | null; armRegionName: string | null; currency: string }) =>
    call('POST /api/workspaces/{workspaceId}/prices/azure', { workspaceId }, { body }),

  awsServices: (workspaceId: string, signal?: AbortSignal) => call('GET /api/workspaces/{workspaceId}/prices/aws/services', { workspaceId }, withSignal(signal)),
  awsRegions: (workspaceId: string, service: string, signal?: AbortSignal) => call('GET /api/workspaces/{workspaceId}/prices/aws/regions', { workspaceId }, { query: { service }, ...withSignal(signal) }),
  awsRates: (workspaceId: string, query: { service: string; region: string; search: string }, signal?: AbortSignal) =>
    call('GET /api/workspaces/{workspaceId}/prices/aws/prices', { workspaceId }, { query, ...withSignal(signal) }),
  importAws: (workspaceId: string, body: { service: string; region: string; rateCodes: string[] | null }) => call('POST /api/workspaces/{workspaceId}/prices/aws', { workspaceId }, { body }),

  gcpServices: (workspaceId: string, signal?: AbortSignal) => call('GET /api/workspaces/{workspaceId}/prices/gcp/services', { workspaceId }, withSignal(signal)),
  gcpSkus: (workspaceId: string, query: { serviceId: string; region: string; search: string; currency: string }, signal?: AbortSignal) =>
    call('GET /api/workspaces/{workspaceId}/prices/gcp/skus', { workspaceId }, { query, ...withSignal(signal) }),
  importGcp: (workspaceId: string, body: { serviceId: string; region: string | null; currency: string; skuIds: string[] | null }) => call('POST /api/workspaces/{workspaceId}/prices/gcp', { workspaceId }, { body }),
};

/** Up to `pages` pages of the price list, for pickers (a cost resource's price). */
export async function readPrices(workspaceId: string, pages: number, signal?: AbortSignal): Promise<{ items: PriceEntry[]; more: boolean }> {
  const items: PriceEntry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < pages; page++) {
    const answer: { items: PriceEntry[]; nextCursor: string | null } = await pricesApi.list(workspaceId, cursor, largestPricePage, signal);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === null) return { items, more: false };
  }
  return { items, more: true };
}

/** A price in one line: `azure westeurope D2s v5 · 0.096 USD per 1 Hour from 2026-01-01`. */
export function priceSummary(price: Pick<PriceEntry, 'provider' | 'region' | 'sku' | 'unitPrice' | 'currency' | 'unit' | 'effectiveDate'>): string {
  return `${[price.provider, price.region, price.sku].filter(Boolean).join(' ')} · ${price.unitPrice} ${price.currency} per ${price.unit} from ${price.effectiveDate}`;
}

/** Today as the API writes calendar days (UTC, the service's own "today" for an estimate without `asOf`). */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The hover text of a catalog price rounded to the 12 places a price keeps (docs/prices.md). */
export function roundedFromTitle(roundedFrom: string | null): string | undefined {
  return roundedFrom ? `Rounded to 12 places from the catalog's ${roundedFrom}` : undefined;
}
