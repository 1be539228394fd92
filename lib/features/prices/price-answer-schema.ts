import { z } from 'zod';
import { calendarDate, describes, guid, timestamp } from '../../../contracts/schema-kit';
import type { PriceEntry } from './price-entry';

/** A canonical decimal as text (lib/platform/money): exact, never a binary float. */
export const decimalText = z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/).meta({ description: 'An exact decimal number as text.' });

/** A price entry as the API answers it (docs/prices.md "Price entry"), for the OpenAPI document. */
export const priceEntrySchema = describes<PriceEntry>()(
  z
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
    .meta({ id: 'PriceEntry' }),
);
