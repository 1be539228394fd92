/**
 * What the workspace's price endpoints answer (docs/prices.md): price entries, their pages, what
 * an import adds, the lists of the catalogs' services and regions, and what a catalog search finds.
 * One zod schema per answer, its type made from it; the server answers with these types and the
 * web client reads them. Every amount is decimal text, whichever catalog wrote it (Azure writes
 * JSON numbers; they are read digit for digit and answered as text).
 */
import { z } from 'zod';
import { calendarDate, guid, listOf, pageOf, timestamp } from './schema-kit';

/** A canonical decimal as text (lib/platform/money): exact, never a binary float. */
export const decimalText = z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/).meta({ description: 'An exact decimal number as text.' });

/** A price entry as the API answers it (docs/prices.md "Price entry"). */
export const priceEntrySchema = z
  .object({
    id: guid,
    workspaceId: guid,
    source: z.enum(['custom', 'csv', 'azure', 'aws', 'gcp']),
    provider: z.string(),
    region: z.string().nullable(),
    sku: z.string(),
    description: z.string().nullable(),
    unit: z.string(),
    unitPrice: decimalText,
    currency: z.string(),
    effectiveDate: calendarDate,
    catalogRef: z.string().nullable().meta({ description: "The catalog's own key of the price; null for custom and CSV prices." }),
    roundedFrom: z
      .string()
      .nullable()
      .meta({ description: "The catalog's figure when it had more than 12 decimal places: `unitPrice` is it rounded half-even. Null when the price is kept as written (and for custom and CSV prices)." }),
    createdBy: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'PriceEntry' });

export type PriceEntry = z.infer<typeof priceEntrySchema>;

/** `GET W/prices`: price entries, oldest first. */
export const priceEntriesPage = pageOf(priceEntrySchema);

/** `{items: [price entry]}`: what an import of several catalog prices answers. */
export const importedPricesSchema = z.object({ items: z.array(priceEntrySchema) });

const fieldError = z.object({ field: z.string(), message: z.string() });

/** `POST W/prices/csv`: the prices added and the rows refused, each with its line. */
export const priceCsvResultSchema = z.object({ added: z.array(priceEntrySchema), refused: z.array(z.object({ line: z.number().int(), errors: z.array(fieldError) })) });

export type PriceCsvResult = z.infer<typeof priceCsvResultSchema>;

/** `GET W/prices/aws/services`. */
export const awsServicesSchema = listOf(z.object({ service: z.string() }));

export type AwsServices = z.infer<typeof awsServicesSchema>;

/** `GET W/prices/aws/regions`. */
export const awsRegionsSchema = listOf(z.object({ regionCode: z.string() }));

export type AwsRegions = z.infer<typeof awsRegionsSchema>;

/** `GET W/prices/gcp/services`. */
export const gcpServicesSchema = listOf(z.object({ serviceId: z.string(), displayName: z.string(), businessEntityName: z.string() }));

export type GcpServices = z.infer<typeof gcpServicesSchema>;
export type GcpService = GcpServices['items'][number];

/** Canonical decimal text of a catalog's price, rounded half-even to 12 places when the catalog wrote more. */
const catalogAmount = decimalText;

const roundedFrom = z.string().nullable().meta({ description: "The catalog's figure when it had more than 12 decimal places: the price is it rounded half-even. Null when kept as written." });

/** A retail price of one meter of one SKU in one region, as Azure lists it (docs/prices.md "Azure"). */
const azureMeterSchema = z.object({
  meterId: z.string(),
  meterName: z.string(),
  skuId: z.string(),
  skuName: z.string(),
  armSkuName: z.string(),
  productId: z.string(),
  productName: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  serviceFamily: z.string(),
  armRegionName: z.string(),
  location: z.string(),
  type: z.string(),
  unitOfMeasure: z.string(),
  tierMinimumUnits: catalogAmount,
  retailPrice: catalogAmount.meta({ description: 'The price an import keeps.' }),
  unitPrice: catalogAmount,
  roundedFrom: roundedFrom.meta({ description: "Azure's figure of `retailPrice` when it had more than 12 decimal places; null when kept as written." }),
  currency: z.string(),
  effectiveDate: calendarDate,
  isPrimaryMeterRegion: z.boolean().nullable(),
});
export type AzureMeter = z.infer<typeof azureMeterSchema>;

/** `GET W/prices/azure/meters`: one page of Azure's retail prices. */
export const azureMetersPage = z.object({ currency: z.string(), items: z.array(azureMeterSchema), nextCursor: z.string().nullable() });
export type AzureMetersPage = z.infer<typeof azureMetersPage>;

/** An OnDemand rate of an AWS service in a region (docs/prices.md "AWS"): one per rate code and currency. */
const awsRateSchema = z.object({
  rateCode: z.string(),
  sku: z.string(),
  productFamily: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  description: z.string(),
  unit: z.string(),
  beginRange: z.string().nullable(),
  endRange: z.string().nullable(),
  currency: z.string(),
  unitPrice: catalogAmount,
  roundedFrom,
  effectiveDate: calendarDate,
});
export type AwsRate = z.infer<typeof awsRateSchema>;

/** `GET W/prices/aws/prices`: the rates found, at most 500; `truncated` when more matched. */
export const awsRatesFound = z.object({ items: z.array(awsRateSchema), truncated: z.boolean() });
export type AwsRatesFound = z.infer<typeof awsRatesFound>;

/** A SKU of a Google Cloud service with its current pricing (docs/prices.md "Google Cloud"); the pricing members are null when Google gives none. */
const gcpSkuSchema = z.object({
  skuId: z.string(),
  description: z.string(),
  category: z.object({ serviceDisplayName: z.string(), resourceFamily: z.string(), resourceGroup: z.string(), usageType: z.string() }),
  serviceRegions: z.array(z.string()),
  usageUnit: z.string().nullable(),
  usageUnitDescription: z.string().nullable(),
  currency: z.string().nullable(),
  effectiveDate: calendarDate.nullable(),
  tiers: z.array(z.object({ startUsageAmount: catalogAmount, unitPrice: catalogAmount })),
});
export type GcpSku = z.infer<typeof gcpSkuSchema>;

/** `GET W/prices/gcp/skus`: the SKUs found, at most 500; `truncated` when more matched. */
export const gcpSkusFound = z.object({ currency: z.string(), items: z.array(gcpSkuSchema), truncated: z.boolean() });
export type GcpSkusFound = z.infer<typeof gcpSkusFound>;
