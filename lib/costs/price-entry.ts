import type { Selectable } from 'kysely';
import type { PriceEntriesTable } from '../db/schema';
import { amountText } from '../money/exact-decimal';

/**
 * A workspace price as the API shows it (part 2 "Prices"; the same shape as W/prices answers):
 * `unitPrice` a decimal string, `effectiveDate` a calendar day.
 */
export interface PriceEntry {
  id: string;
  workspaceId: string;
  source: PriceEntriesTable['source'];
  provider: string;
  region: string | null;
  sku: string;
  description: string | null;
  unit: string;
  unitPrice: string;
  currency: string;
  effectiveDate: string;
  catalogRef: string | null;
  createdBy: string;
  createdAt: string;
}

export function priceEntryOf(row: Selectable<PriceEntriesTable>): PriceEntry {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    source: row.source,
    provider: row.provider,
    region: row.region,
    sku: row.sku,
    description: row.description,
    unit: row.unit,
    // numeric comes back as written with its scale ("0.0400"): the canonical text drops trailing zeros.
    unitPrice: amountText(row.unit_price),
    currency: row.currency,
    effectiveDate: row.effective_date,
    catalogRef: row.catalog_ref,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}
