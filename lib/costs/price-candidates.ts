import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PriceEntriesTable } from '../db/schema';
import type { CostResource } from './cost-sheet';
import { priceEntryOf, type PriceEntry } from './price-entry';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The workspace prices an estimate on `asOf` may use, in one statement: the prices resources name
 * (`priceRef`) and, for each provider and SKU a resource looks up, per region, unit and currency
 * the price in force (the latest on or before `asOf`, the one entered last on a tie) and the first
 * one to come after `asOf`. The engine's choice among these is its choice among all the
 * workspace's prices (lib/costs/estimate-engine.ts `choosePrice`), without reading older ones.
 */
export async function priceCandidates(db: Db, workspaceId: string, resources: readonly CostResource[], asOf: string): Promise<PriceEntry[]> {
  const refs = new Set<string>();
  const keys = new Map<string, [string, string]>();
  for (const r of resources) {
    if (r.priceRef !== null) refs.add(r.priceRef);
    else if (r.sku !== null) keys.set(`${r.provider}\u0000${r.sku}`, [r.provider, r.sku]);
  }
  if (refs.size === 0 && keys.size === 0) return [];
  const providers = [...keys.values()].map(([provider]) => provider);
  const skus = [...keys.values()].map(([, sku]) => sku);
  const { rows } = await sql<Selectable<PriceEntriesTable>>`
    with keys as (select * from unnest(${providers}::text[], ${skus}::text[]) as k(provider, sku)),
    matching as materialized (
      select p.* from price_entries p join keys k on p.provider = k.provider and p.sku = k.sku where p.workspace_id = ${workspaceId}
    )
    (select distinct on (provider, region, sku, unit, currency) * from matching where effective_date <= ${asOf}::date
      order by provider, region, sku, unit, currency, effective_date desc, created_at desc, id desc)
    union all
    (select distinct on (provider, region, sku, unit, currency) * from matching where effective_date > ${asOf}::date
      order by provider, region, sku, unit, currency, effective_date, created_at desc, id desc)
    union all
    (select * from price_entries where workspace_id = ${workspaceId} and id = any(${[...refs]}::uuid[]))`.execute(db);
  return rows.map(priceEntryOf);
}
