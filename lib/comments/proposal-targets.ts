import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether an AI proposal of the project exists, for a thread on kind `proposal`. The one place
 * that knows where proposals are stored: the table `ai_proposals` (migration 0021), flow and
 * architecture proposals alike.
 */
export async function proposalExists(db: Db, projectId: string, proposalId: string): Promise<boolean> {
  const found = await db.selectFrom('ai_proposals').select('id').where('id', '=', proposalId).where('project_id', '=', projectId).executeTakeFirst();
  return found !== undefined;
}
