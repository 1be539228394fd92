import type { PriceEntriesTable } from '../db/schema';

/**
 * A workspace price as the API shows it (part 2 "Prices"; the same shape as W/prices answers):
 * `unitPrice` a canonical decimal string, `effectiveDate` a calendar day, `createdAt` ISO 8601.
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
