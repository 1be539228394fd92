import type { DriftCheck } from '../../../contracts/drift';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ConflictError } from '../../platform/errors/service-error';
import { scanFactOf } from '../scans/fact-of-extraction';
import { requireServerRules, type AgentPushRequest } from '../scans/push-snapshot';
import { sourceSlug } from '../sources/source-slug';
import { findSourceBySlug } from '../sources/source-store';
import { countDriftItems } from './compute-drift';
import { readDrift } from './drift-store';

/**
 * POST P/drift/check: the drift of one snapshot (a push body) against main,
 * stored nowhere (no Source, no scan, no count toward the daily scans). The
 * snapshot stands in for the push Source its name's slug names, with that
 * Source's accepted facts, as if it were pushed; the other Sources' scans
 * are read so that a record another Source sees is not called not-seen.
 * The answer holds the snapshot's own items: what it saw, and what it
 * could have seen and no Source saw. In-sync items are counted, not listed.
 */
export async function checkDrift(db: Kysely<Database>, projectId: string, request: AgentPushRequest): Promise<DriftCheck> {
  requireServerRules(request);
  const slug = sourceSlug(request.name);
  const source = await findSourceBySlug(db, projectId, slug);
  if (source && source.kind !== 'push') {
    throw new ConflictError('Source name in use', `The Source "${source.name}" is a ${source.kind} Source; check under the name a push would use.`, [{ field: 'name', message: `its slug "${slug}" is a Source of another kind` }]);
  }
  const drift = await readDrift(db, projectId, {
    sourceId: source?.id ?? null,
    name: request.name,
    commitSha: request.commitSha?.toLowerCase() ?? null,
    isComplete: request.isComplete,
    facts: request.facts.map(scanFactOf),
  });
  const checked = drift.checkedSource!;
  const own = drift.items.filter((item) => item.sources.some((s) => s.id === checked.id && s.name === checked.name));
  return { modelVersion: drift.modelVersion, source: checked, counts: countDriftItems(own), items: own.filter((item) => item.status !== 'in-sync') };
}
