import { sql, type Kysely } from 'kysely';

/**
 * The diagnostics of a scan (docs/extraction.md "Diagnostics"): per extractor the files it read
 * and the facts it made with notes, the candidates left out with their reasons, and the whole-scan
 * notes. Written when a scan of files completes (a server scan, or a push that carries them); null
 * for a scan that read no files (an APM account, a trace or model file), a push without them, and
 * every scan stored before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scans add column diagnostics jsonb`.execute(db);
}
