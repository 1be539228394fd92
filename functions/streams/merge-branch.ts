import { z } from 'zod';
import { mergeRequestSchema, mergeResultSchema } from '../../contracts/streams';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { mergeBranch as mergeIntoMain } from '../../lib/features/branches/merge-branch';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { actorOf } from '../../lib/platform/http/caller';
import { queryWholeNumber } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { branchView } from '../../lib/features/branches/stream-views';

const mergeQuery = z.strictObject({
  dryRun: z.enum(['true', 'false'], 'must be true or false').optional(),
  expectedVersion: queryWholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
});

/** The branch's changes onto main as one change, checked three ways against the branch point (docs/change-review.md "Merge"). */
export const mergeBranch = defineRoute({
  group: 'streams',
  operation: 'merge-branch',
  method: 'POST',
  path: '/api/projects/{projectId}/branches/{branchId}/merge',
  auth: 'signed-in',
  summary: 'Merge a draft or variant into main as one change; conflicts are resolved in the request; ?dryRun=true previews, ?expectedVersion= guards (editor)',
  params: z.object({ projectId: z.string(), branchId: z.string() }),
  query: mergeQuery,
  body: mergeRequestSchema,
  answers: { 200: mergeResultSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description:
    'Records only the branch changed are written to main; records both changed differently are conflicts, answered 409 with one error per record and field (`<kind>:<id>/<field>`) unless `resolutions` takes main\'s or the branch\'s side of each. The written records obey the import\'s rules (400 `invalid_export`); a deletion that would leave a reference dangling is 409. `?expectedVersion=` refuses with 409 when main moved on, as an import does; `?dryRun=true` answers the same result, conflicts included, and writes nothing. The merged branch stays, read only, with its comments.',
  example: { as: 'editor', params: { branchId: '{mergeBranchId}' }, body: { resolutions: [] }, last: true },
  run: async ({ runtime, caller, pathParameters, query, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const options = parseQuery(mergeQuery, query);
    const input = parseBody(mergeRequestSchema, body ?? {});
    const result = await mergeIntoMain(runtime.db, {
      projectId: project.id,
      workspaceId: project.workspaceId,
      branchId: pathUuid(pathParameters.branchId, 'Branch'),
      dryRun: options.dryRun === 'true',
      expectedVersion: options.expectedVersion ?? null,
      resolutions: input.resolutions ?? [],
      actor: actorOf(caller),
      now: runtime.now(),
    });
    return jsonResponse(200, { ...result, branch: branchView(result.branch) }, { 'model-version': String(result.modelVersion) });
  },
});
