import { sql, type Kysely } from 'kysely';

/**
 * The catalog's own figure of an imported price that had more than the 12 decimal places a
 * price keeps (a double printed in full, `0.28800000000000003`): `unit_price` holds it rounded
 * half-even, and this column says so (docs/prices.md "Catalogs"). Null for every other price,
 * and for every price stored before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table price_entries add column rounded_from text`.execute(db);
}
