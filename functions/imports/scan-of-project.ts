import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema';
import { HttpProblem } from '../../lib/http/problem';

/** The scan named in the path, of this project, or 404. */
export async function scanOfProject(db: Kysely<Database>, projectId: string, scanId: string): Promise<{ id: string; state: string; sourceId: string | null }> {
  const scan = await db.selectFrom('scans').select(['id', 'state', 'source_id']).where('project_id', '=', projectId).where('id', '=', scanId).executeTakeFirst();
  if (!scan) throw HttpProblem.notFound('Scan not found');
  return { id: scan.id, state: scan.state, sourceId: scan.source_id };
}
