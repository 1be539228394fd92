import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Of the given IDs, the live scenarios of the project with a fingerprint of
 * their stored document (SHA-256 of PostgreSQL's normalised jsonb text), so a
 * run can tell whether the scenario it played changed since.
 */
export async function scenarioFingerprints(db: Db, projectId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id));
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('scenarios')
    .select(['id', sql<string>`encode(sha256(convert_to(document::text, 'UTF8')), 'hex')`.as('fingerprint')])
    .where('project_id', '=', projectId)
    .where('id', 'in', unique)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, `sha256:${r.fingerprint}`]));
}
