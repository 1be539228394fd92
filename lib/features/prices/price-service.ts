import type { PriceCsvResult } from '../../../contracts/prices';
import type { Kysely } from 'kysely';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { PriceCsvRefusal, readPriceCsv } from './price-csv';
import type { PriceEntry } from './price-entry';
import type { CustomPriceRequest } from './price-rules';
import { deletePriceEntry, insertPriceEntries, type PriceUse } from './price-store';

/** Custom prices, CSV imports and deletions (docs/prices.md), each in one transaction with its audit entry. */

export interface PriceWrite {
  workspaceId: string;
  actor: string;
  at: Date;
}

export async function createCustomPrice(db: Kysely<Database>, write: PriceWrite, request: CustomPriceRequest): Promise<PriceEntry> {
  return db.transaction().execute(async (trx) => {
    const [entry] = await insertPriceEntries(trx, { workspaceId: write.workspaceId, entries: [{ source: 'custom', catalogRef: null, roundedFrom: null, ...request }], actor: write.actor, at: write.at });
    await appendAudit(trx, { workspaceId: write.workspaceId, actor: write.actor, action: 'price.create', detail: { priceId: entry!.id, provider: entry!.provider, sku: entry!.sku }, at: write.at });
    return entry!;
  });
}

/**
 * Stores the good rows of a price CSV and answers the refused ones with their lines. A CSV
 * refused as a whole (header, quoting, too many rows) is a 400 naming `csv`; nothing is stored.
 */
export async function importPriceCsv(db: Kysely<Database>, write: PriceWrite, csv: string): Promise<PriceCsvResult> {
  let read: ReturnType<typeof readPriceCsv>;
  try {
    read = readPriceCsv(csv);
  } catch (error) {
    if (error instanceof PriceCsvRefusal) throw new ValidationError('CSV refused', [{ field: 'csv', message: error.message }]);
    throw error;
  }
  if (read.entries.length === 0) return { added: [], refused: read.refused };
  return db.transaction().execute(async (trx) => {
    const added = await insertPriceEntries(trx, { workspaceId: write.workspaceId, entries: read.entries.map((row) => row.entry), actor: write.actor, at: write.at });
    await appendAudit(trx, { workspaceId: write.workspaceId, actor: write.actor, action: 'price.csv-import', detail: { added: added.length, refused: read.refused.length }, at: write.at });
    return { added, refused: read.refused };
  });
}

/** The line of a cost sheet as the 409 names it: `main`, the branch name or the revision name. */
export function lineOf(use: PriceUse): string {
  if (use.streamKind === 'main') return 'main';
  return `${use.streamKind === 'revision' ? 'revision' : 'branch'} "${use.streamName}"`;
}

/** Deletes a price: 404 when the workspace has none with that ID, 409 naming each cost sheet that uses it. */
export async function removePrice(db: Kysely<Database>, write: PriceWrite, priceId: string): Promise<void> {
  const outcome = await db.transaction().execute(async (trx) => {
    const result = await deletePriceEntry(trx, write.workspaceId, priceId);
    if ('deleted' in result) {
      await appendAudit(trx, { workspaceId: write.workspaceId, actor: write.actor, action: 'price.delete', detail: { priceId, provider: result.deleted.provider, sku: result.deleted.sku }, at: write.at });
    }
    return result;
  });
  if ('notFound' in outcome) throw new NotFoundError('Price not found');
  if ('inUse' in outcome) {
    const sheets = outcome.inUse.map((use) => `project "${use.projectName}", ${lineOf(use)}`);
    throw new ConflictError(
      'Price in use',
      `The price is used by ${sheets.length === 1 ? 'the cost sheet of' : `${sheets.length} cost sheets:`} ${sheets.join('; ')}. Change those resources to another price first.`,
      outcome.inUse.map((use) => ({
        field: 'priceId',
        message: `used by the cost sheet of project "${use.projectName}", ${lineOf(use)} (resources ${use.resourceNames.map((name) => `"${name}"`).join(', ')})`,
      })),
    );
  }
}
