/**
 * What the workspace's price endpoints answer (docs/prices.md): price entries, their pages, what
 * an import adds, and the lists of the catalogs' services and regions. One zod schema per answer,
 * its type made from it; the server answers with these types and the web client reads them.
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
