import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { discardBranch as discard } from '../../lib/features/branches/discard-branch';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { actorOf } from '../../lib/platform/http/caller';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';

/** Throws a branch away with what hangs on it (docs/change-review.md "Discard"). */
export const discardBranch = defineRoute({
  group: 'streams',
  operation: 'discard-branch',
  method: 'DELETE',
  path: '/api/projects/{projectId}/branches/{branchId}',
  auth: 'signed-in',
  summary: 'Discard a draft or variant with its cost sheet, comments and proposals; main is not touched (editor)',
  params: z.object({ projectId: z.string(), branchId: z.string() }),
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  description: 'The branch, its model and history, its cost sheet, its comment threads and its AI proposals are deleted; saved estimates made on it stay, naming no line. Later reads of the branch answer 404.',
  example: { as: 'editor', params: { branchId: '{doomedBranchId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    await discard(runtime.db, { projectId: project.id, workspaceId: project.workspaceId, branchId: pathUuid(pathParameters.branchId, 'Branch'), actor: actorOf(caller), now: runtime.now() });
    return noContentResponse();
  },
});
