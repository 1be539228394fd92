/**
 * Stress runs marked running (docs/load-tests.md "Stress runs"). The service
 * sends no load: a load tool (or the person running it) marks a run running
 * before it starts and finished after, by posting its result or by
 * `…/runs/{runId}/finish`. At most `policy.maxConcurrentStressRuns` runs count
 * at once over every workspace: one count in PostgreSQL under an advisory
 * lock, so any number of service instances on one database together stay
 * within it (which also holds the spec's "per app process" and the issue's
 * "per workspace"). The policy is read at each start; runs in progress
 * continue when it is lowered. A run never finished stops counting when its
 * profile's duration and a grace period have passed.
 */
import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { ConflictError, LimitReachedError, NotFoundError } from '../../platform/errors/service-error';
import { readInstancePolicy } from '../settings/instance-policy';
import type { ProjectRecord } from '../workspaces/project-store';
import type { StressRun } from './load-test-records';
import { findProfile } from './profile-store';
import { findScript } from './script-store';
import { countRunningStressRuns, findStressRun, insertStressRun, lockStressRunStarts, markStressRunFinished } from './stress-run-store';
import { findTarget } from './target-store';

/** How long past its profile's duration a run not finished still counts. */
export const stressRunGraceSeconds = 600;
/** Retry-After is the time until the first running run expires, at most this: runs usually finish earlier. */
export const maxRetryAfterSeconds = 60;

export interface StressRunContext {
  db: Kysely<Database>;
  profile: Profile;
  now: () => Date;
  newId: () => string;
}

function busy(limit: number, nextExpiry: Date | null, now: Date): LimitReachedError {
  const untilExpiry = nextExpiry === null ? maxRetryAfterSeconds : Math.ceil((nextExpiry.getTime() - now.getTime()) / 1000);
  const retryAfter = Math.min(maxRetryAfterSeconds, Math.max(1, untilExpiry));
  return new LimitReachedError('busy', 'Too many stress runs', `At most ${limit} stress run(s) may run at once on this instance (policy.maxConcurrentStressRuns); try again in ${retryAfter} seconds.`, retryAfter);
}

/** POST …/load-tests/runs: marks a run of a script running, or 429 `busy` past the limit. */
export async function startStressRun(context: StressRunContext, input: { project: ProjectRecord; scriptId: string; actor: string }): Promise<StressRun> {
  const runId = context.newId();
  await context.db.transaction().execute(async (trx) => {
    const script = await findScript(trx, input.project.id, input.scriptId);
    if (!script) throw new NotFoundError('Load-test script not found');
    const target = await findTarget(trx, input.project.id, script.targetId);
    const authorisation = target?.authorisation ?? null;
    if (authorisation === null || authorisation.baseUrl !== script.baseUrl || authorisation.environment !== script.environment) {
      throw new ConflictError('Script not authorised', 'The target of this script is no longer authorised for the base URL and environment the script was written for; authorise it and write the script again.', [
        { field: 'scriptId', message: 'its authorisation no longer holds' },
      ]);
    }
    const profile = await findProfile(trx, input.project.id, script.profileId);
    await lockStressRunStarts(trx);
    const policy = await readInstancePolicy(trx, context.profile);
    const now = context.now();
    const running = await countRunningStressRuns(trx, now);
    if (running.count >= policy.maxConcurrentStressRuns) throw busy(policy.maxConcurrentStressRuns, running.nextExpiry, now);
    const expiresAt = new Date(now.getTime() + ((profile?.durationSeconds ?? 0) + stressRunGraceSeconds) * 1000);
    await insertStressRun(trx, { id: runId, projectId: input.project.id, workspaceId: input.project.workspaceId, scriptId: script.id, actor: input.actor, startedAt: now, expiresAt });
  });
  return (await findStressRun(context.db, input.project.id, runId, context.now()))!;
}

/** POST …/load-tests/runs/{runId}/finish: the run stops counting; a finished run answers as it is. */
export async function finishStressRun(context: StressRunContext, input: { project: ProjectRecord; runId: string }): Promise<StressRun> {
  const run = await findStressRun(context.db, input.project.id, input.runId, context.now());
  if (!run) throw new NotFoundError('Stress run not found');
  await markStressRunFinished(context.db, run.id, context.now());
  return (await findStressRun(context.db, input.project.id, input.runId, context.now()))!;
}
