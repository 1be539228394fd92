import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema';
import { HttpProblem } from '../../lib/http/problem';
import { findScanState } from '../../lib/scans/scan-store';

/** The scan named in the path, of this project, or 404. */
export async function scanOfProject(db: Kysely<Database>, projectId: string, scanId: string): Promise<{ id: string; state: string; sourceId: string | null }> {
  const scan = await findScanState(db, projectId, scanId);
  if (!scan) throw HttpProblem.notFound('Scan not found');
  return scan;
}
