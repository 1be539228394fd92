import { sql, type Kysely } from 'kysely';

/**
 * Architecture proposals made from a scan (docs/ai-proposals.md "Architecture from a scan").
 *
 * `ai_proposals.scan_id` names the completed scan whose facts a provider grouped into services;
 * null for every other proposal. At most one proposal per scan (the unique index), so a job that
 * runs twice stores one. A scan deleted with its Source leaves the proposal without its scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ai_proposals add column scan_id uuid references scans (id) on delete set null;
    create unique index ai_proposals_scan_idx on ai_proposals (scan_id) where scan_id is not null;
  `.execute(db);
}
