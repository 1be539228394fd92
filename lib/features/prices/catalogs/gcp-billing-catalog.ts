import { z } from 'zod';
import { decimalText, ExactDecimal } from '../../../platform/money/exact-decimal';
import { catalogDay } from './catalog-amount';
import { type CatalogHttp, CatalogError } from './catalog-http';

/**
 * The Google Cloud Billing Catalog API v1 (cloudC; DECISIONS.md section 1) at its fixed public
 * address (`Svc__Prices__GcpBillingUrl` for tests and mirrors), with the workspace's API key
 * `gcp:apiKey` as the `key` query parameter (never in a message or a log). Shapes as
 * cloud.google.com/billing/docs/reference/rest documents them; proto3 JSON leaves out members
 * at their default (0, ""), so those are optional here.
 */

const text = z.string();

const service = z.object({ name: text.optional(), serviceId: text, displayName: text.optional().default(''), businessEntityName: text.optional().default('') });
const servicesPage = z.object({ services: z.array(service).optional().default([]), nextPageToken: text.optional().default('') });

/** A google.type.Money: whole `units` (int64 as a string) and `nanos` (10⁻⁹ units, same sign). */
const money = z
  .object({
    currencyCode: text.optional().default(''),
    units: z.union([text.regex(/^-?\d{1,18}$/, 'must be a whole number of at most 18 digits'), z.int()]).optional().default('0'),
    nanos: z.int().min(-999_999_999).max(999_999_999).optional().default(0),
  })
  .refine((value) => !String(value.units).startsWith('-') && value.nanos >= 0, 'must not be negative');

/** units + nanos / 10⁹, exactly (decimal, never a float). */
export function moneyAmount(value: { units: string | number; nanos: number }): string {
  return decimalText(new ExactDecimal(String(value.units)).plus(new ExactDecimal(value.nanos).dividedBy(1_000_000_000)));
}

const tieredRate = z.object({ startUsageAmount: z.number().min(0).optional().default(0), unitPrice: money });

const pricingInfo = z.object({
  effectiveTime: catalogDay,
  pricingExpression: z.object({
    usageUnit: text,
    usageUnitDescription: text.optional().default(''),
    displayQuantity: z.number().optional(),
    tieredRates: z.array(tieredRate).optional().default([]),
  }),
  currencyConversionRate: z.number().optional(),
});

const sku = z.object({
  name: text.optional(),
  skuId: text,
  description: text.optional().default(''),
  category: z
    .object({ serviceDisplayName: text.optional().default(''), resourceFamily: text.optional().default(''), resourceGroup: text.optional().default(''), usageType: text.optional().default('') })
    .optional()
    .default({ serviceDisplayName: '', resourceFamily: '', resourceGroup: '', usageType: '' }),
  serviceRegions: z.array(text).optional().default([]),
  pricingInfo: z.array(pricingInfo).optional().default([]),
});
const skusPage = z.object({ skus: z.array(sku).optional().default([]), nextPageToken: text.optional().default('') });

/** A service of the catalog. */
export interface GcpService {
  serviceId: string;
  displayName: string;
  businessEntityName: string;
}

/** A SKU with its current price: tiers from a usage amount on, each a decimal price per usage unit. */
export interface GcpSku {
  skuId: string;
  description: string;
  category: { serviceDisplayName: string; resourceFamily: string; resourceGroup: string; usageType: string };
  serviceRegions: string[];
  /** The current pricing, or null when the catalog gives none. */
  pricing: {
    /** YYYY-MM-DD */
    effectiveDate: string;
    usageUnit: string;
    usageUnitDescription: string;
    currency: string;
    tiers: { startUsageAmount: string; unitPrice: string }[];
  } | null;
}

/** Pages one listing reads at most (5000 items a page). */
export const maxGcpPages = 20;
const pageSize = 5000;

/** A service ID as it may go into a path (`6F81-5844-456A`). */
const serviceIdPattern = /^[A-Za-z0-9-]{1,64}$/;

/** A caller's service ID the catalog does not know: the API answers 400 naming `serviceId`. */
export class GcpLookupError extends Error {
  override readonly name = 'GcpLookupError';
}

function address(baseUrl: string, path: string, query: Record<string, string>): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) if (value !== '') url.searchParams.set(name, value);
  return url;
}

async function readPages<T>(http: CatalogHttp, read: (pageToken: string) => Promise<{ items: T[]; nextPageToken: string }>): Promise<T[]> {
  const items: T[] = [];
  let token = '';
  for (let page = 0; ; page += 1) {
    if (page === maxGcpPages) throw new CatalogError(http.catalog, `${http.catalog} answered more than ${maxGcpPages} pages of ${pageSize}.`);
    const answer = await read(token);
    items.push(...answer.items);
    if (answer.nextPageToken === '') return items;
    token = answer.nextPageToken;
  }
}

/** Every public service of the catalog, by display name. */
export async function listGcpServices(http: CatalogHttp, baseUrl: string, apiKey: string): Promise<GcpService[]> {
  const services = await readPages(http, async (pageToken) => {
    const page = await http.getJson(address(baseUrl, '/v1/services', { key: apiKey, pageSize: String(pageSize), pageToken }), servicesPage);
    return { items: page.services, nextPageToken: page.nextPageToken };
  });
  return services
    .map(({ serviceId, displayName, businessEntityName }) => ({ serviceId, displayName, businessEntityName }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'en') || (a.serviceId < b.serviceId ? -1 : 1));
}

/** Every SKU of a service with its price in `currency`, in the catalog's order. */
export async function listGcpSkus(http: CatalogHttp, baseUrl: string, apiKey: string, serviceId: string, currency: string): Promise<GcpSku[]> {
  if (!serviceIdPattern.test(serviceId)) throw new GcpLookupError('is not a service ID of the Cloud Billing Catalog (GET …/prices/gcp/services lists them)');
  const skus = await readPages(http, async (pageToken) => {
    try {
      const page = await http.getJson(address(baseUrl, `/v1/services/${serviceId}/skus`, { key: apiKey, currencyCode: currency, pageSize: String(pageSize), pageToken }), skusPage);
      return { items: page.skus, nextPageToken: page.nextPageToken };
    } catch (error) {
      if (error instanceof CatalogError && error.status === 404) throw new GcpLookupError('is not a service ID of the Cloud Billing Catalog (GET …/prices/gcp/services lists them)');
      throw error;
    }
  });
  return skus.map((item) => {
    // The catalog answers the current pricing first (and by default only it).
    const current = item.pricingInfo[0];
    const pricing = current
      ? {
          effectiveDate: current.effectiveTime,
          usageUnit: current.pricingExpression.usageUnit,
          usageUnitDescription: current.pricingExpression.usageUnitDescription,
          currency,
          tiers: current.pricingExpression.tieredRates.map((rate) => {
            if (rate.unitPrice.currencyCode !== '' && rate.unitPrice.currencyCode !== currency) {
              throw new CatalogError(http.catalog, `${http.catalog} answered SKU ${item.skuId} in ${rate.unitPrice.currencyCode} when asked for ${currency}.`);
            }
            return { startUsageAmount: decimalText(new ExactDecimal(String(rate.startUsageAmount))), unitPrice: moneyAmount(rate.unitPrice) };
          }),
        }
      : null;
    return { skuId: item.skuId, description: item.description, category: item.category, serviceRegions: item.serviceRegions, pricing };
  });
}
