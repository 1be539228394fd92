import type { Kysely } from 'kysely';
import type { BranchReview } from '../../../contracts/review';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import type { Profile } from '../../platform/config/service-config';
import { branchOrMain, type ModelStream } from '../../core/model/stream-store';
import { listThreads } from '../comments/comment-lists';
import { costLineOf } from '../costs/cost-lines';
import { compareLines } from '../costs/estimate-service';
import { readReviewFindingsPage } from '../review/review-queries';
import type { Finding } from '../review/review-rules';
import { playScenariosOnTwoLines } from '../scenarios/play-scenarios-on-two-lines';
import type { ProjectRecord } from '../workspaces/project-store';
import { findingChanges } from './finding-changes';
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

function branchView(stream: ModelStream): BranchReview['branch'] {
  return { id: stream.id, name: stream.name, kind: stream.kind as 'draft' | 'variant', baseVersion: stream.baseVersion, modelVersion: stream.modelVersion, createdAt: stream.createdAt };
}

/**
 * What merging a branch would change, against main as it is now: the cost estimates of both on
 * `asOf` resource by resource (the same comparison as `GET P/costs/compare`), the scenarios whose
 * run differs, the review findings added and removed, and the open threads on the draft. Another
 * project's branch, main or a revision is 404. Writes nothing.
 */
export async function reviewBranch(context: ReviewContext, input: { project: ProjectRecord; branchId: string; asOf: string }): Promise<BranchReview> {
  const { db } = context;
  const { project } = input;
  const [branch, main] = await Promise.all([branchOrMain(db, project.id, input.branchId), branchOrMain(db, project.id, null)]);
  const [costs, runs, mainFindings, branchFindings, threads] = await Promise.all([
    compareLines(context, { workspaceId: project.workspaceId, left: costLineOf(main), right: costLineOf(branch), asOf: input.asOf }),
    playScenariosOnTwoLines(db, { projectId: project.id, left: { streamId: main.id, modelVersion: main.modelVersion }, right: { streamId: branch.id, modelVersion: branch.modelVersion }, limit: maxReviewedScenarios }),
    findingsOf(db, project.id, main.id),
    findingsOf(db, project.id, branch.id),
    // Threads are on drafts only; `threads` is the scope of `GET P/threads`, so its cursor continues there.
    branch.kind === 'draft' ? listThreads(context, project.id, { draftId: branch.id, targetId: null, status: 'open', cursor: null, limit: reviewThreadPage }, 'threads') : null,
  ]);
  const changed = runs.pairs.flatMap((pair) => scenarioRunChange(pair.scenario, pair.left, pair.right) ?? []);
  return {
    projectId: project.id,
    branch: branchView(branch),
    mainVersion: main.modelVersion,
    asOf: input.asOf,
    costs,
    scenarios: { total: runs.total, compared: runs.pairs.length, changed },
    findings: findingChanges(mainFindings, branchFindings),
    threads: threads === null ? { items: [], nextCursor: null } : { items: threads.items, nextCursor: threads.nextCursor },
  };
}
