import { z } from 'zod';
import { priceEntrySchema } from '../../lib/features/prices/price-answer-schema';

/** `{items: [price entry]}`: what an import of several catalog prices answers. */
export const importedPricesSchema = z.object({ items: z.array(priceEntrySchema) });
