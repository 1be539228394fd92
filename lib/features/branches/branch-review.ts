import { branchView } from './stream-views';
import type { Kysely } from 'kysely';
import type { BranchReview } from '../../../contracts/review';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import type { Profile } from '../../platform/config/service-config';
import { compareModels } from '../../core/model/diff/compare-records';
import { loadModelSnapshot } from '../../core/model/model-store';
import { branchOrMain } from '../../core/model/stream-store';
import { listThreads } from '../comments/comment-lists';
import { costLineOf } from '../costs/cost-lines';
import { compareLines } from '../costs/estimate-service';
import { readReviewFindingsPage } from '../review/review-queries';
import type { Finding } from '../review/review-rules';
import { playScenariosOnTwoLines } from '../scenarios/play-scenarios-on-two-lines';
import { liveScenarios } from '../scenarios/scenario-store';
import type { ProjectRecord } from '../workspaces/project-store';
import { findingChanges } from './finding-changes';
import { modelChangesOf } from './model-changes';
import { scenarioRunChange } from './scenario-run-changes';

/** Scenarios a review plays on both sides: the first ones in name order (docs/decisions.md "Review of a branch"). */
export const maxReviewedScenarios = 200;
/** Open threads the review lists on its first page; the rest continue at `GET P/threads`. */
export const reviewThreadPage = 50;
/** More findings than a model at the document limits can have: the review reads them all. */
const allFindings = 1_000_000;

export interface ReviewContext {
  db: Kysely<Database>;
  keyring: MasterKeyring;
  profile: Profile;
}

async function findingsOf(db: Kysely<Database>, projectId: string, streamId: string): Promise<Finding[]> {
  return (await readReviewFindingsPage(db, { streamId, projectId, after: null, limit: allFindings })).findings;
}

/**
 * Both models and the scenarios to play, in one repeatable-read transaction: the diff and both
 * sides of every run read one moment of the project.
 */
async function readModelsAndScenarios(db: Kysely<Database>, input: { projectId: string; branchId: string }) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const [main, branch] = await Promise.all([branchOrMain(trx, input.projectId, null), branchOrMain(trx, input.projectId, input.branchId)]);
      const [mainModel, branchModel, scenarios] = await Promise.all([loadModelSnapshot(trx, main.id), loadModelSnapshot(trx, branch.id), liveScenarios(trx, input.projectId, maxReviewedScenarios)]);
      return { main, branch, mainModel, branchModel, ...scenarios };
    });
}

/**
 * What merging a branch would change, against main as it is now: the records it adds, removes
 * and changes, the cost estimates of both on `asOf` resource by resource (the same comparison as
 * `GET P/costs/compare`), the scenarios whose run differs, the review findings added and removed,
 * and the open threads on the draft. Another project's branch, main or a revision is 404 (read
 * first, so that nothing else runs for it). Writes nothing.
 */
export async function reviewBranch(context: ReviewContext, input: { project: ProjectRecord; branchId: string; asOf: string }): Promise<BranchReview> {
  const { db } = context;
  const { project } = input;
  const [branch, main] = await Promise.all([branchOrMain(db, project.id, input.branchId), branchOrMain(db, project.id, null)]);
  const [costs, read, mainFindings, branchFindings, threads] = await Promise.all([
    compareLines(context, { workspaceId: project.workspaceId, left: costLineOf(main), right: costLineOf(branch), asOf: input.asOf }),
    readModelsAndScenarios(db, { projectId: project.id, branchId: branch.id }),
    findingsOf(db, project.id, main.id),
    findingsOf(db, project.id, branch.id),
    // Threads are on drafts only; `threads` is the scope of `GET P/threads`, so its cursor continues there.
    branch.kind === 'draft' ? listThreads(context, project.id, { draftId: branch.id, targetId: null, status: 'open', cursor: null, limit: reviewThreadPage }, 'threads') : null,
  ]);
  const pairs = playScenariosOnTwoLines(read.scenarios, { model: read.mainModel, modelVersion: read.main.modelVersion }, { model: read.branchModel, modelVersion: read.branch.modelVersion });
  const changed = pairs.flatMap((pair) => scenarioRunChange(pair.scenario, pair.left, pair.right) ?? []);
  return {
    projectId: project.id,
    branch: branchView(read.branch),
    mainVersion: read.main.modelVersion,
    diff: modelChangesOf(compareModels(read.mainModel, read.branchModel)),
    asOf: input.asOf,
    costs,
    scenarios: { total: read.total, compared: pairs.length, changed },
    findings: findingChanges(mainFindings, branchFindings),
    threads: threads === null ? { items: [], nextCursor: null } : { items: threads.items, nextCursor: threads.nextCursor },
  };
}
