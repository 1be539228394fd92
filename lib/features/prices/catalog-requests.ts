import { z } from 'zod';
import { pageCursor } from '../../platform/http/common-schemas';
import { currencyCode, priceText, typeError } from './price-rules';

/**
 * The requests of the catalog routes (part 2 "Price requests": the cloudA, cloudB and cloudC
 * imports, and the query parameters of the searches; docs/prices.md "Catalogs").
 */

/** Prices one import may store at once, and items one search answers. */
export const catalogLimits = Object.freeze({ importEntries: 1000, searchItems: 500 });

/** An optional query parameter: empty is the same as not given. */
const optionalQueryText = (max: number) =>
  z
    .string()
    .max(max, `must have at most ${max} characters`)
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? null : value.trim()))
    .pipe(priceText(max).nullable());

const optionalCurrency = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value))
  .pipe(currencyCode.nullable());

/** GET W/prices/azure/meters: filters of the retail price search; `currency` defaults to `cost.currency`. */
export const azureMeterQuery = z.strictObject({
  serviceName: optionalQueryText(200),
  region: optionalQueryText(100),
  skuName: optionalQueryText(200),
  meterName: optionalQueryText(200),
  currency: optionalCurrency,
  cursor: pageCursor.optional(),
});

/** The cloudA import: one retail price by its meter, and (when the meter has several) its SKU and region. */
export const azureImportRequest = z.strictObject(
  {
    meterId: priceText(100),
    skuId: priceText(100).nullable(),
    armRegionName: priceText(100).nullable(),
    currency: currencyCode,
  },
  'must be an object',
);
export type AzureImportRequest = z.infer<typeof azureImportRequest>;

/** GET W/prices/aws/regions */
export const awsRegionsQuery = z.strictObject({ service: priceText(100) });

/** GET W/prices/aws/prices: `search` keeps the rates whose code, SKU, family, description, unit or attribute holds it (any case). */
export const awsPricesQuery = z.strictObject({ service: priceText(100), region: priceText(50), search: optionalQueryText(200) });

const codeList = (what: string) =>
  z
    .array(priceText(200), typeError(`a list of ${what} or null`))
    .min(1, `must name at least one ${what.replace(/s$/, '')}, or be null for all`)
    .max(catalogLimits.importEntries, `must name at most ${catalogLimits.importEntries} ${what}`)
    .refine((codes) => new Set(codes).size === codes.length, 'must not name one twice')
    .nullable();

/** The cloudB import: rates of one service in one region; null `rateCodes` takes every OnDemand rate. */
export const awsImportRequest = z.strictObject(
  {
    service: priceText(100),
    region: priceText(50),
    rateCodes: codeList('rate codes'),
  },
  'must be an object',
);
export type AwsImportRequest = z.infer<typeof awsImportRequest>;

/** GET W/prices/gcp/skus: `region` keeps SKUs offered there (or globally); `currency` defaults to `cost.currency`. */
export const gcpSkusQuery = z.strictObject({
  serviceId: priceText(64),
  region: optionalQueryText(100),
  search: optionalQueryText(200),
  currency: optionalCurrency,
});

/** The cloudC import: SKUs of one service; null `skuIds` takes every SKU (of the region, when one is given). */
export const gcpImportRequest = z.strictObject(
  {
    serviceId: priceText(64),
    region: priceText(100).nullable(),
    currency: currencyCode,
    skuIds: codeList('SKU IDs'),
  },
  'must be an object',
);
export type GcpImportRequest = z.infer<typeof gcpImportRequest>;
