import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { newPriceId } from './price-id';
import { type NewPriceEntry, type PriceEntry, type PriceEntryRow, priceEntryOf } from './price-entry';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per insert statement (14 parameters each, far below PostgreSQL's 65535). */
const insertChunk = 500;

function rowOf(workspaceId: string, entry: NewPriceEntry, actor: string, at: Date, nowMs: number) {
  return {
    id: newPriceId(nowMs),
    workspace_id: workspaceId,
    source: entry.source,
    provider: entry.provider,
    region: entry.region,
    sku: entry.sku,
    description: entry.description,
    unit: entry.unit,
    unit_price: entry.unitPrice,
    currency: entry.currency,
    effective_date: entry.effectiveDate,
    catalog_ref: entry.catalogRef,
    rounded_from: entry.roundedFrom,
    created_by: actor,
    created_at: at,
  };
}

/** Stores custom or CSV prices (no catalog key), in the order given. */
export async function insertPriceEntries(db: Db, input: { workspaceId: string; entries: readonly NewPriceEntry[]; actor: string; at: Date }): Promise<PriceEntry[]> {
  const stored: PriceEntry[] = [];
  for (let start = 0; start < input.entries.length; start += insertChunk) {
    const rows = input.entries.slice(start, start + insertChunk).map((entry) => rowOf(input.workspaceId, entry, input.actor, input.at, input.at.getTime()));
    const inserted = await db.insertInto('price_entries').values(rows).returningAll().execute();
    const byId = new Map(inserted.map((row) => [row.id, row]));
    for (const row of rows) stored.push(priceEntryOf(byId.get(row.id)!));
  }
  return stored;
}

/** The key under which a catalog price is stored once (the unique index `price_entries_catalog_once`). */
function catalogKey(entry: Pick<NewPriceEntry, 'source' | 'catalogRef' | 'currency' | 'effectiveDate'>): string {
  return JSON.stringify([entry.source, entry.catalogRef, entry.currency, entry.effectiveDate]);
}

/**
 * Stores catalog prices: one already stored under the same catalog key, currency and date is
 * kept as it is and answered instead of a new one (a repeated import adds nothing). Answers
 * one entry per distinct key, in the order given.
 */
export async function saveCatalogEntries(db: Db, input: { workspaceId: string; entries: readonly NewPriceEntry[]; actor: string; at: Date }): Promise<PriceEntry[]> {
  const distinct = [...new Map(input.entries.map((entry) => [catalogKey(entry), entry])).values()];
  const byKey = new Map<string, PriceEntryRow>();
  for (let start = 0; start < distinct.length; start += insertChunk) {
    const chunk = distinct.slice(start, start + insertChunk);
    const inserted = await db
      .insertInto('price_entries')
      .values(chunk.map((entry) => rowOf(input.workspaceId, entry, input.actor, input.at, input.at.getTime())))
      .onConflict((conflict) => conflict.columns(['workspace_id', 'source', 'catalog_ref', 'currency', 'effective_date']).where('catalog_ref', 'is not', null).doNothing())
      .returningAll()
      .execute();
    for (const row of inserted) byKey.set(catalogKey({ source: row.source, catalogRef: row.catalog_ref, currency: row.currency, effectiveDate: row.effective_date }), row);
    const missing = chunk.filter((entry) => !byKey.has(catalogKey(entry)));
    if (missing.length > 0) {
      const existing = await db
        .selectFrom('price_entries')
        .selectAll()
        .where('workspace_id', '=', input.workspaceId)
        .where('source', '=', missing[0]!.source)
        .where('catalog_ref', 'in', missing.map((entry) => entry.catalogRef!))
        .execute();
      for (const row of existing) byKey.set(catalogKey({ source: row.source, catalogRef: row.catalog_ref, currency: row.currency, effectiveDate: row.effective_date }), row);
    }
  }
  return distinct.map((entry) => priceEntryOf(byKey.get(catalogKey(entry))!));
}

/** A page of a workspace's prices, oldest first (IDs are time-ordered, lib/features/prices/price-id.ts). */
export async function listPriceEntryPage(db: Db, input: { workspaceId: string; afterId: string | null; limit: number }): Promise<{ items: PriceEntry[]; hasMore: boolean }> {
  let query = db.selectFrom('price_entries').selectAll().where('workspace_id', '=', input.workspaceId);
  if (input.afterId !== null) query = query.where('id', '>', input.afterId);
  const rows = await query.orderBy('id').limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit).map(priceEntryOf), hasMore: rows.length > input.limit };
}

/** A cost sheet that uses a price: its project and line (main, a branch, a revision), and the resources naming the price. */
export interface PriceUse {
  projectId: string;
  projectName: string;
  streamKind: 'main' | 'draft' | 'variant' | 'revision';
  streamName: string;
  resourceNames: string[];
}

/** The cost sheets whose resources name the price in `price_ref`, by project and line. */
export async function priceUses(db: Db, priceId: string): Promise<PriceUse[]> {
  const rows = await db
    .selectFrom('cost_resources as r')
    .innerJoin('model_streams as s', 's.id', 'r.stream_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['p.id as projectId', 'p.name as projectName', 's.id as streamId', 's.kind as streamKind', 's.name as streamName', 'r.name as resourceName'])
    .where('r.price_ref', '=', priceId)
    .orderBy('p.name')
    .orderBy('s.kind')
    .orderBy('s.name')
    .orderBy('r.position')
    .execute();
  const byStream = new Map<string, PriceUse>();
  for (const row of rows) {
    const use = byStream.get(row.streamId) ?? { projectId: row.projectId, projectName: row.projectName, streamKind: row.streamKind, streamName: row.streamName, resourceNames: [] };
    use.resourceNames.push(row.resourceName);
    byStream.set(row.streamId, use);
  }
  return [...byStream.values()];
}

export type DeletePriceOutcome = { deleted: PriceEntry } | { notFound: true } | { inUse: PriceUse[] };

/**
 * Deletes a price of a workspace unless a cost sheet uses it. Run it in a transaction: the row
 * is locked first, so the check and the delete see the same price.
 */
export async function deletePriceEntry(trx: Transaction<Database>, workspaceId: string, priceId: string): Promise<DeletePriceOutcome> {
  const row = await trx.selectFrom('price_entries').selectAll().where('id', '=', priceId).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirst();
  if (!row) return { notFound: true };
  const uses = await priceUses(trx, priceId);
  if (uses.length > 0) return { inUse: uses };
  await trx.deleteFrom('price_entries').where('id', '=', priceId).execute();
  return { deleted: priceEntryOf(row) };
}
