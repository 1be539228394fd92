import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CostResource } from './cost-sheet';
import type { PriceEntry } from '../prices/price-entry';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The workspace prices an estimate on `asOf` needs, in one statement: the prices resources name
 * (`priceRef`), and for each distinct lookup of the resources (provider, region, SKU, and unit when
 * the resource gives one) the price the engine would choose among all the workspace's prices — the
 * one in force, in `preferredCurrency` first, latest effective date, entered last, largest ID
 * (lib/features/costs/estimate-engine.ts `choosePrice`) — or, when none is in force, the first one to take
 * effect after `asOf` (so the engine can say so). Each lookup is an index probe on (workspace,
 * provider, SKU) sorting the few prices of that SKU; no older price is read out. The engine then
 * chooses among these exactly as among all (property test price-candidates.test.ts).
 * `unitPrice` comes as the text of trim_scale(numeric) (canonical, never a float), `createdAt` as
 * the ISO text JavaScript writes (milliseconds, as the order above compares them).
 */
export interface PriceQuery {
  workspaceId: string;
  asOf: string;
  preferredCurrency: string;
}

const columns = sql`p.id, p.workspace_id as "workspaceId", p.source, p.provider, p.region, p.sku, p.description, p.unit,
  trim_scale(p.unit_price)::text as "unitPrice", p.currency, p.effective_date as "effectiveDate", p.catalog_ref as "catalogRef", p.rounded_from as "roundedFrom",
  p.created_by as "createdBy", to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/** The chosen price of the lookup `k` (a row with provider, region, sku, unit), as a lateral subquery. */
function chosenPrice(query: PriceQuery): RawBuilder<unknown> {
  const matches = sql`p.workspace_id = ${query.workspaceId} and p.provider = k.provider and p.sku = k.sku
    and p.region is not distinct from k.region and (k.unit is null or p.unit = k.unit)`;
  return sql`(
    (select ${columns} from price_entries p where ${matches} and p.effective_date <= ${query.asOf}::date
      order by (p.currency = ${query.preferredCurrency}) desc, p.effective_date desc, date_trunc('milliseconds', p.created_at) desc, p.id desc limit 1)
    union all
    (select ${columns} from price_entries p where ${matches} and p.effective_date > ${query.asOf}::date
      order by p.effective_date, date_trunc('milliseconds', p.created_at) desc, p.id desc limit 1)
    limit 1
  )`;
}

type Lookup = [provider: string, region: string | null, sku: string, unit: string | null];

/** What a sheet's resources need priced: the distinct lookups (as JSON text) and the prices named. */
export function pricesNeeded(resources: readonly CostResource[]): { lookups: Map<string, Lookup>; refs: Set<string> } {
  const refs = new Set<string>();
  const lookups = new Map<string, Lookup>();
  for (const r of resources) {
    if (r.priceRef !== null) refs.add(r.priceRef);
    else if (r.sku !== null) lookups.set(JSON.stringify([r.provider, r.region, r.sku, r.unit]), [r.provider, r.region, r.sku, r.unit]);
  }
  return { lookups, refs };
}

/** The prices `resources` need (see above). */
export async function priceCandidates(db: Db, input: PriceQuery & { resources: readonly CostResource[] }): Promise<PriceEntry[]> {
  const { lookups, refs } = pricesNeeded(input.resources);
  if (refs.size === 0 && lookups.size === 0) return [];
  const keys = [...lookups.values()];
  const column = (i: number) => keys.map((k) => k[i]);
  const { rows } = await sql<PriceEntry>`
    select c.* from unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[], ${column(3)}::text[]) as k(provider, region, sku, unit)
    cross join lateral ${chosenPrice(input)} c
    union all
    select ${columns} from price_entries p where p.workspace_id = ${input.workspaceId} and p.id = any(${[...refs]}::uuid[])`.execute(db);
  return rows;
}

/** The prices a stored sheet needs, with the lookups and price IDs the statement found on the sheet. */
export interface SheetPrices {
  lookups: Set<string>;
  refs: Set<string>;
  prices: PriceEntry[];
}

/**
 * The prices the stored sheet of `streamId` needs, in one statement that reads the lookups from
 * the sheet itself, so it can run beside the read of the sheet. It says which lookups and named
 * prices it saw: `coversResources` tells whether they are those of the sheet the estimate read
 * (a change committed between the two reads makes them differ; the caller then asks again).
 */
export async function priceCandidatesOfSheet(db: Db, input: PriceQuery & { streamId: string }): Promise<SheetPrices> {
  const { rows } = await sql<Partial<PriceEntry> & { lookup: string | null; ref: string | null }>`
    with r as materialized (select provider, region, sku, unit, price_ref from cost_resources where stream_id = ${input.streamId}),
    k as (select distinct provider, region, sku, unit from r where price_ref is null and sku is not null)
    select json_build_array(k.provider, k.region, k.sku, k.unit)::text as lookup, null::uuid as ref, c.*
      from k left join lateral ${chosenPrice(input)} c on true
    union all
    select null, x.price_ref, ${columns}
      from (select distinct price_ref from r where price_ref is not null) x
      left join price_entries p on p.id = x.price_ref and p.workspace_id = ${input.workspaceId}`.execute(db);
  const lookups = new Set<string>();
  const refs = new Set<string>();
  const prices: PriceEntry[] = [];
  for (const { lookup, ref, ...price } of rows) {
    if (lookup !== null) lookups.add(JSON.stringify(JSON.parse(lookup)));
    if (ref !== null) refs.add(ref);
    if (price.id != null) prices.push(price as PriceEntry);
  }
  return { lookups, refs, prices };
}

/** Whether prices read for a sheet were read for exactly these resources' lookups and named prices. */
export function coversResources(read: Pick<SheetPrices, 'lookups' | 'refs'>, resources: readonly CostResource[]): boolean {
  const { lookups, refs } = pricesNeeded(resources);
  if (lookups.size !== read.lookups.size || refs.size !== read.refs.size) return false;
  for (const key of lookups.keys()) if (!read.lookups.has(key)) return false;
  for (const ref of refs) if (!read.refs.has(ref)) return false;
  return true;
}
