import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CostResource } from './cost-sheet';
import type { PriceEntry } from './price-entry';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The workspace prices an estimate on `asOf` needs, in one statement: the prices resources name
 * (`priceRef`), and for each distinct lookup of the resources (provider, region, SKU, and unit when
 * the resource gives one) the price the engine would choose among all the workspace's prices — the
 * one in force, in `preferredCurrency` first, latest effective date, entered last, largest ID
 * (lib/costs/estimate-engine.ts `choosePrice`) — or, when none is in force, the first one to take
 * effect after `asOf` (so the engine can say so). Each lookup is an index probe on (workspace,
 * provider, SKU) sorting the few prices of that SKU; no older price is read out. The engine then
 * chooses among these exactly as among all (property test price-candidates.test.ts).
 * `unitPrice` comes as the text of trim_scale(numeric) (canonical, never a float), `createdAt` as
 * the ISO text JavaScript writes (milliseconds, as the order above compares them).
 */
export async function priceCandidates(db: Db, input: { workspaceId: string; resources: readonly CostResource[]; asOf: string; preferredCurrency: string }): Promise<PriceEntry[]> {
  const refs = new Set<string>();
  const lookups = new Map<string, [string, string | null, string, string | null]>();
  for (const r of input.resources) {
    if (r.priceRef !== null) refs.add(r.priceRef);
    else if (r.sku !== null) lookups.set(JSON.stringify([r.provider, r.region, r.sku, r.unit]), [r.provider, r.region, r.sku, r.unit]);
  }
  if (refs.size === 0 && lookups.size === 0) return [];
  const keys = [...lookups.values()];
  const column = (i: number) => keys.map((k) => k[i]);
  const columns = sql`p.id, p.workspace_id as "workspaceId", p.source, p.provider, p.region, p.sku, p.description, p.unit,
    trim_scale(p.unit_price)::text as "unitPrice", p.currency, p.effective_date as "effectiveDate", p.catalog_ref as "catalogRef",
    p.created_by as "createdBy", to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;
  const matches = sql`p.workspace_id = ${input.workspaceId} and p.provider = k.provider and p.sku = k.sku
    and p.region is not distinct from k.region and (k.unit is null or p.unit = k.unit)`;
  const { rows } = await sql<PriceEntry>`
    select c.* from unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[], ${column(3)}::text[]) as k(provider, region, sku, unit)
    cross join lateral (
      (select ${columns} from price_entries p where ${matches} and p.effective_date <= ${input.asOf}::date
        order by (p.currency = ${input.preferredCurrency}) desc, p.effective_date desc, date_trunc('milliseconds', p.created_at) desc, p.id desc limit 1)
      union all
      (select ${columns} from price_entries p where ${matches} and p.effective_date > ${input.asOf}::date
        order by p.effective_date, date_trunc('milliseconds', p.created_at) desc, p.id desc limit 1)
      limit 1
    ) c
    union all
    select ${columns} from price_entries p where p.workspace_id = ${input.workspaceId} and p.id = any(${[...refs]}::uuid[])`.execute(db);
  return rows;
}
