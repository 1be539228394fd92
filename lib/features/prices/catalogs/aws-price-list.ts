import { z } from 'zod';
import { isCurrencyCode } from '../currency-codes';
import { catalogDay, catalogPrice } from './catalog-amount';
import { type CatalogHttp, CatalogError } from './catalog-http';

/**
 * The AWS Price List bulk API (cloudB; DECISIONS.md section 1) at its fixed public address
 * (`Svc__Prices__AwsPriceListUrl` for tests and mirrors), no credential. Shapes as
 * docs.aws.amazon.com "Reading the price list files" documents them: the service index
 * (`/offers/v1.0/aws/index.json`), a service's region index, and one region's price list.
 */

const text = z.string();

const serviceIndex = z.object({
  offers: z.record(text, z.object({ offerCode: text, currentVersionUrl: text.optional(), currentRegionIndexUrl: text.optional() })),
});

const regionIndex = z.object({
  regions: z.record(text, z.object({ regionCode: text, currentVersionUrl: text })),
});

const priceDimension = z.object({
  rateCode: text,
  description: text.optional().default(''),
  unit: text,
  pricePerUnit: z.record(text, catalogPrice),
  beginRange: text.optional(),
  endRange: text.optional(),
});

const offerTerm = z.object({
  offerTermCode: text,
  sku: text,
  effectiveDate: catalogDay,
  priceDimensions: z.record(text, priceDimension),
});

const regionPriceList = z.object({
  offerCode: text.optional(),
  version: text.optional(),
  products: z.record(text, z.object({ sku: text, productFamily: text.optional(), attributes: z.record(text, text).optional().default({}) })).optional().default({}),
  terms: z.object({ OnDemand: z.record(text, z.record(text, offerTerm)).optional().default({}) }).optional().default({ OnDemand: {} }),
});

/** A service name (offer code) and a region code as they may go into a path. */
const serviceCodePattern = /^[A-Za-z0-9_.-]{1,100}$/;
const regionCodePattern = /^[A-Za-z0-9-]{1,50}$/;

/** A caller's service or region that the catalog does not have: the API answers 400 naming the field. */
export class AwsLookupError extends Error {
  override readonly name = 'AwsLookupError';
  constructor(
    readonly field: 'service' | 'region',
    message: string,
  ) {
    super(message);
  }
}

/** One OnDemand rate of a region's price list, in one currency. */
export interface AwsRate {
  rateCode: string;
  sku: string;
  productFamily: string | null;
  attributes: Record<string, string>;
  description: string;
  unit: string;
  beginRange: string | null;
  endRange: string | null;
  currency: string;
  unitPrice: string;
  /** The list's figure of `unitPrice` when it had more than 12 places and was rounded (half-even); else null. */
  roundedFrom: string | null;
  /** YYYY-MM-DD */
  effectiveDate: string;
}

/** An address of the catalog from a path it gave: only its own `/offers/` files are read. */
function catalogAddress(http: CatalogHttp, baseUrl: string, path: string): URL {
  if (!/^\/offers\/[A-Za-z0-9_./-]+$/.test(path) || path.split('/').includes('..')) {
    throw new CatalogError(http.catalog, `${http.catalog} named a price list at an address outside its /offers/ files.`);
  }
  return new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
}

async function readServiceIndex(http: CatalogHttp, baseUrl: string) {
  return (await http.getJson(catalogAddress(http, baseUrl, '/offers/v1.0/aws/index.json'), serviceIndex)).offers;
}

/** Every service of the catalog (its offer code), by name. */
export async function listAwsServices(http: CatalogHttp, baseUrl: string): Promise<{ service: string }[]> {
  const offers = await readServiceIndex(http, baseUrl);
  return Object.values(offers)
    .map((offer) => ({ service: offer.offerCode }))
    .sort((a, b) => (a.service < b.service ? -1 : a.service > b.service ? 1 : 0));
}

async function readRegions(http: CatalogHttp, baseUrl: string, service: string) {
  const offer = serviceCodePattern.test(service) ? Object.values(await readServiceIndex(http, baseUrl)).find((candidate) => candidate.offerCode === service) : undefined;
  if (!offer) throw new AwsLookupError('service', 'is not a service of the AWS Price List (GET …/prices/aws/services lists them)');
  if (!offer.currentRegionIndexUrl) throw new AwsLookupError('service', 'has no price lists by region in the AWS Price List');
  return (await http.getJson(catalogAddress(http, baseUrl, offer.currentRegionIndexUrl), regionIndex)).regions;
}

/** The regions a service has prices in, by code. */
export async function listAwsRegions(http: CatalogHttp, baseUrl: string, service: string): Promise<{ regionCode: string }[]> {
  return Object.values(await readRegions(http, baseUrl, service))
    .map((region) => ({ regionCode: region.regionCode }))
    .sort((a, b) => (a.regionCode < b.regionCode ? -1 : a.regionCode > b.regionCode ? 1 : 0));
}

/** Every OnDemand rate of a service in a region, one per rate code and currency, by SKU then rate code. */
export async function readAwsRates(http: CatalogHttp, baseUrl: string, service: string, region: string): Promise<AwsRate[]> {
  const regions = await readRegions(http, baseUrl, service);
  const entry = regionCodePattern.test(region) ? Object.values(regions).find((candidate) => candidate.regionCode === region) : undefined;
  if (!entry) throw new AwsLookupError('region', `is not a region of ${service} in the AWS Price List (GET …/prices/aws/regions?service=${service} lists them)`);
  const list = await http.getJson(catalogAddress(http, baseUrl, entry.currentVersionUrl), regionPriceList);
  const rates: AwsRate[] = [];
  for (const [sku, terms] of Object.entries(list.terms.OnDemand)) {
    const product = list.products[sku];
    for (const term of Object.values(terms)) {
      for (const dimension of Object.values(term.priceDimensions)) {
        for (const [currency, price] of Object.entries(dimension.pricePerUnit)) {
          // A key that is no ISO 4217 code is no price we can keep (the lists use USD and CNY).
          if (!isCurrencyCode(currency)) continue;
          rates.push({
            rateCode: dimension.rateCode,
            sku: term.sku,
            productFamily: product?.productFamily ?? null,
            attributes: product?.attributes ?? {},
            description: dimension.description,
            unit: dimension.unit,
            beginRange: dimension.beginRange ?? null,
            endRange: dimension.endRange ?? null,
            currency,
            unitPrice: price.amount,
            roundedFrom: price.roundedFrom,
            effectiveDate: term.effectiveDate,
          });
        }
      }
    }
  }
  return rates.sort((a, b) => (a.sku !== b.sku ? (a.sku < b.sku ? -1 : 1) : a.rateCode < b.rateCode ? -1 : a.rateCode > b.rateCode ? 1 : a.currency < b.currency ? -1 : 1));
}
