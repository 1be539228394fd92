import { sql, type Kysely } from 'kysely';

/**
 * Workspace prices (part 2 "Prices"; docs/costs.md).
 *
 * - `price_entries`: one price of one unit of one SKU from one date on. `unit_price` is
 *   `numeric` (exact; node-pg hands it back as a decimal string, never a float).
 *   `source` says how it came (custom, CSV, or a catalog import) and `catalog_ref` is the
 *   catalog's own key of the price (Azure meterId, AWS rate code, GCP SKU ID and tier), so a
 *   repeated import of the same price finds the entry already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table price_entries (
      id uuid primary key,
      workspace_id uuid not null references workspaces (id) on delete cascade,
      source text not null check (source in ('custom', 'csv', 'azure', 'aws', 'gcp')),
      provider text not null,
      region text,
      sku text not null,
      description text,
      unit text not null,
      unit_price numeric not null,
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      effective_date date not null,
      catalog_ref text,
      created_by text not null,
      created_at timestamptz not null
    );
    create index price_entries_page_idx on price_entries (workspace_id, id);
    create index price_entries_lookup_idx on price_entries (workspace_id, provider, sku, region, effective_date desc);
    create unique index price_entries_catalog_once on price_entries (workspace_id, source, catalog_ref, currency, effective_date) where catalog_ref is not null;
  `.execute(db);
}
