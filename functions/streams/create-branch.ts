import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { copyMainInto } from '../../lib/features/branches/copy-main';
import { branchSchema } from '../../contracts/streams';
import { branchView } from '../../lib/features/branches/stream-views';

const createBranchRequest = z.strictObject({
  name: displayName(200),
  kind: z.enum(['draft', 'variant'], 'must be "draft" or "variant"'),
});

/** A copy of main, edited with `?branchId=`. */
export const createBranch = defineRoute({
  group: 'streams',
  operation: 'create-branch',
  method: 'POST',
  path: '/api/projects/{projectId}/branches',
  auth: 'signed-in',
  summary: 'Copy the main model into a draft or variant, edited with ?branchId= (editor)',
  body: createBranchRequest,
  answers: { 201: branchSchema },
  access: { role: 'editor' },
  example: { as: 'editor', body: { name: 'Try a queue', kind: 'variant' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(createBranchRequest, body);
    const stream = await copyMainInto(runtime.db, { id: randomUUID(), projectId: project.id, kind: input.kind, name: input.name, createdBy: actorOf(caller), now: runtime.now() });
    return jsonResponse(201, branchView(stream));
  },
});
