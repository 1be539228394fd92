import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether an AI proposal of the project exists, for a thread on kind `proposal`. The one place
 * that knows where proposals are stored: the table `ai_proposals` (its `id` and `project_id`).
 * Until that table exists no proposal does, so a thread on one is refused (400 on `target.id`).
 */
export async function proposalExists(db: Db, projectId: string, proposalId: string): Promise<boolean> {
  const table = await sql<{ present: boolean }>`select to_regclass('public.ai_proposals') is not null as present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const found = await sql<{ one: number }>`select 1 as one from ai_proposals where id = ${proposalId}::uuid and project_id = ${projectId}::uuid`.execute(db);
  return found.rows.length > 0;
}
