import { z } from 'zod';
import { catalogDay, catalogPrice, catalogQuantity } from './catalog-amount';
import { type CatalogHttp, CatalogError } from './catalog-http';

/**
 * The Azure Retail Prices API (cloudA; DECISIONS.md section 1), at the address of the
 * workspace's `cost.azurePricesBaseUrl`: `GET {base}?currencyCode='USD'&$filter=…&$skip=…`,
 * no credential. Shapes as learn.microsoft.com documents them ("Azure Retail Prices overview").
 */

const text = z.string();

/** One item of `Items`: a retail price of one meter of one SKU in one region. */
const retailPriceItem = z.object({
  currencyCode: text,
  tierMinimumUnits: catalogQuantity,
  retailPrice: catalogPrice,
  unitPrice: catalogPrice,
  armRegionName: text,
  location: text.optional().default(''),
  effectiveStartDate: catalogDay,
  meterId: text,
  meterName: text,
  productId: text.optional().default(''),
  skuId: text,
  productName: text,
  skuName: text,
  serviceName: text,
  serviceId: text.optional().default(''),
  serviceFamily: text.optional().default(''),
  unitOfMeasure: text,
  type: text,
  isPrimaryMeterRegion: z.boolean().optional(),
  armSkuName: text.optional().default(''),
});
export type AzureRetailPrice = z.infer<typeof retailPriceItem>;

const retailPricePage = z.object({
  BillingCurrency: text.optional(),
  Items: z.array(retailPriceItem),
  NextPageLink: text.nullable().optional(),
  Count: z.number().optional(),
});

/** The members whose JSON numbers are read digit for digit. */
const exactNumbers = ['tierMinimumUnits', 'retailPrice', 'unitPrice'] as const;

/** What a search or an import filters on; every field but the currency may be left out. */
export interface AzurePriceFilter {
  serviceName?: string | null;
  armRegionName?: string | null;
  skuName?: string | null;
  meterName?: string | null;
  meterId?: string | null;
  skuId?: string | null;
  currencyCode: string;
}

/** An OData string literal: in single quotes, a quote inside doubled. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The `$filter` of a filter: `field eq 'value'` for each field given, joined with `and`; empty for none. */
export function azureFilterText(filter: AzurePriceFilter): string {
  const fields = ['serviceName', 'armRegionName', 'skuName', 'meterName', 'meterId', 'skuId'] as const;
  return fields
    .filter((field) => typeof filter[field] === 'string' && filter[field] !== '')
    .map((field) => `${field} eq ${odataString(filter[field]!)}`)
    .join(' and ');
}

/** The request address: the base (its own query kept) with `currencyCode`, `$filter` and `$skip`. */
export function azurePricesUrl(baseUrl: string, filter: AzurePriceFilter, skip: number): URL {
  const url = new URL(baseUrl);
  const parts = [url.search.replace(/^\?/, ''), `currencyCode=${encodeURIComponent(odataString(filter.currencyCode))}`];
  const filterText = azureFilterText(filter);
  if (filterText !== '') parts.push(`$filter=${encodeURIComponent(filterText)}`);
  if (skip > 0) parts.push(`$skip=${skip}`);
  url.search = parts.filter((part) => part !== '').join('&');
  return url;
}

/** Where the next page starts: the `$skip` of `NextPageLink`, or null at the last page. */
function nextSkipOf(http: CatalogHttp, link: string | null | undefined, skip: number, items: number): number | null {
  if (link === null || link === undefined || link === '') return null;
  let next: string | null = null;
  try {
    next = new URL(link).searchParams.get('$skip');
  } catch {
    next = null;
  }
  if (next === null || !/^\d{1,9}$/.test(next) || Number(next) <= skip) {
    if (items === 0) throw new CatalogError(http.catalog, `${http.catalog} answered a NextPageLink without a $skip past ${skip}.`);
    return skip + items;
  }
  return Number(next);
}

export interface AzurePricePage {
  items: AzureRetailPrice[];
  /** The `$skip` of the next page; null at the last. */
  nextSkip: number | null;
}

/** One page of retail prices from `skip` on. */
export async function readAzurePricePage(http: CatalogHttp, baseUrl: string, filter: AzurePriceFilter, skip: number): Promise<AzurePricePage> {
  const page = await http.getJson(azurePricesUrl(baseUrl, filter, skip), retailPricePage, { exactNumbers });
  return { items: page.Items, nextSkip: nextSkipOf(http, page.NextPageLink, skip, page.Items.length) };
}

/** Pages an import reads at most; a filter on one meter gives a page or two. */
export const maxAzureImportPages = 10;

/** Every retail price of a filter, following NextPageLink up to `maxAzureImportPages` pages. */
export async function readAllAzurePrices(http: CatalogHttp, baseUrl: string, filter: AzurePriceFilter): Promise<AzureRetailPrice[]> {
  const items: AzureRetailPrice[] = [];
  let skip: number | null = 0;
  for (let page = 0; skip !== null; page += 1) {
    if (page === maxAzureImportPages) throw new CatalogError(http.catalog, `${http.catalog} answered more than ${maxAzureImportPages} pages for one meter.`);
    const read: AzurePricePage = await readAzurePricePage(http, baseUrl, filter, skip);
    items.push(...read.items);
    skip = read.nextSkip;
  }
  return items;
}
