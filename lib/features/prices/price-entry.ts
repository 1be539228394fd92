import type { PriceEntry as PriceEntryAnswer } from '../../../contracts/prices';
import type { Selectable } from 'kysely';
import type { PriceEntriesTable } from '../../platform/db/schema';
import { decimalText, ExactDecimal } from '../../platform/money/exact-decimal';

/** How a price came in: by hand, from a CSV, or from a cloud catalog (DECISIONS.md section 1 names). */
export type PriceSource = PriceEntriesTable['source'];

/** A price before it is stored: what a request, a CSV row or a catalog item gives. */
export interface NewPriceEntry {
  source: PriceSource;
  provider: string;
  region: string | null;
  sku: string;
  description: string | null;
  unit: string;
  /** Canonical decimal text (lib/platform/money). */
  unitPrice: string;
  currency: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  /** The catalog's own key of the price; null for custom and CSV prices. */
  catalogRef: string | null;
  /**
   * The catalog's figure when it had more than 12 decimal places and `unitPrice` is it rounded
   * half-even (lib/features/prices/catalogs/catalog-amount.ts); null when the price is kept as written.
   */
  roundedFrom: string | null;
}

/** A price entry as the API answers it (docs/prices.md "Price entry"; contracts/prices.ts). */
export type PriceEntry = PriceEntryAnswer;

export type PriceEntryRow = Selectable<PriceEntriesTable>;

export function priceEntryOf(row: PriceEntryRow): PriceEntry {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    source: row.source,
    provider: row.provider,
    region: row.region,
    sku: row.sku,
    description: row.description,
    unit: row.unit,
    // numeric keeps the scale it was given; the answer is always the canonical text.
    unitPrice: decimalText(new ExactDecimal(row.unit_price)),
    currency: row.currency,
    effectiveDate: row.effective_date,
    catalogRef: row.catalog_ref,
    roundedFrom: row.rounded_from,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}
