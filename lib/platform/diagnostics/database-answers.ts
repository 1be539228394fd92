import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Whether the database answers a trivial query within `timeoutMs` (the health check). */
export async function databaseAnswers(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
