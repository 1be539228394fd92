import { z } from 'zod';
import { branchReviewSchema } from '../../contracts/review';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { reviewBranch } from '../../lib/features/branches/branch-review';
import { calendarDate, todayOf } from '../../lib/platform/calendar/calendar-date';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';

const reviewQuery = z.strictObject({ asOf: calendarDate.optional().describe('The day of both cost estimates (YYYY-MM-DD); today (UTC) when left out.') });

/**
 * The review of a branch against main as it is now (docs/change-review.md "Review"): the cost
 * delta on one day, the scenarios whose run differs, review findings added and removed, the open
 * threads on the draft. Another project's branch, main or a revision is 404.
 */
export const getBranchReview = defineRoute({
  group: 'streams',
  operation: 'get-branch-review',
  method: 'GET',
  path: '/api/projects/{projectId}/branches/{branchId}/review',
  auth: 'signed-in',
  summary: 'What merging a branch would change: costs on ?asOf=, scenario runs, review findings, open threads (viewer)',
  params: z.object({ projectId: z.string(), branchId: z.string() }),
  query: reviewQuery,
  answers: { 200: branchReviewSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  description:
    'Compares the branch with main as it is now: the cost estimates of both on `asOf` (today in UTC by default) resource by resource and in total per currency, in exact decimals; the scenarios (the first 200 in name order) whose run differs in assertions, validation issues or trace hash; the review findings the branch adds and removes; the open threads on the draft. Writes nothing.',
  example: { as: 'viewer', query: { asOf: '2025-06-01' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const branchId = pathUuid(pathParameters.branchId, 'Branch');
    const { asOf } = parseQuery(reviewQuery, query);
    const review = await reviewBranch({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, { project, branchId, asOf: asOf ?? todayOf(runtime.now()) });
    return jsonResponse(200, review);
  },
});
