import type { Kysely } from 'kysely';
import type { ImpactChecks, ScenarioCheck } from '../../../contracts/scans';
import type { Database } from '../../platform/db/schema';
import { playScenario } from '../../core/playback/play-scenario';
import type { ModelSnapshot } from '../../core/model/model-records';
import { scenarioDocumentOf } from '../scenarios/play-stored-scenario';
import type { StoredScenario } from '../scenarios/scenario-store';
import { scenariosNaming } from './change-impact';
import { planDecision } from './decide-proposals';
import { acceptableProposals } from './proposal-store';

/**
 * POST …/impact/checks: plays every scenario of the project that names a
 * record the scan's pending proposals would change or remove, on main as it
 * is and on main with those proposals accepted (planned in a transaction that
 * is rolled back: nothing is written), and reports which assertions flip.
 */
export async function impactChecks(db: Kysely<Database>, input: { projectId: string; scanId: string; actor: string; now: Date }): Promise<ImpactChecks> {
  const { accept } = await acceptableProposals(db, input.scanId);
  const { before, after } = await planDecision(db, { projectId: input.projectId, scanId: input.scanId, request: { accept, reject: [], acknowledgeImpact: true }, actor: input.actor, acceptedBy: null, now: input.now });
  const affected = new Set<string>();
  for (const kind of Object.keys(before) as (keyof ModelSnapshot)[]) {
    for (const [id, record] of before[kind]) {
      const next = after[kind].get(id);
      if (next === undefined || JSON.stringify(next) !== JSON.stringify(record)) affected.add(id);
    }
  }
  if (affected.size === 0) return { scanId: input.scanId, scenarios: [] };
  const rows = await scenariosNaming(db, input.projectId, [...affected]);
  const { model_version: version } = await db.selectFrom('model_streams').select('model_version').where('id', '=', input.projectId).executeTakeFirstOrThrow();
  const scenarios = rows.map((row): ScenarioCheck => {
    const document = scenarioDocumentOf({ id: row.id, name: row.name, document: row.document } as StoredScenario);
    const was = playScenario({ model: before, modelVersion: version, scenario: document, monotonicNowMs: () => performance.now() });
    const will = playScenario({ model: after, modelVersion: version, scenario: document, monotonicNowMs: () => performance.now() });
    const beforeById = new Map(was.assertions.map((a) => [a.id, a]));
    const flipped = will.assertions.flatMap((a) => {
      const old = beforeById.get(a.id);
      return old && old.passed !== a.passed ? [{ id: a.id, before: old.passed, after: a.passed, detailBefore: old.detail, detailAfter: a.detail }] : [];
    });
    const oldIssues = new Set(was.issues.map((i) => JSON.stringify(i)));
    return {
      scenarioId: row.id,
      name: row.name,
      flipped,
      passedBefore: was.assertions.filter((a) => a.passed).length,
      passedAfter: will.assertions.filter((a) => a.passed).length,
      total: will.assertions.length,
      newIssues: will.issues.filter((i) => !oldIssues.has(JSON.stringify(i))).map((i) => JSON.stringify(i)),
    };
  });
  return { scanId: input.scanId, scenarios };
}
