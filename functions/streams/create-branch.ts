import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName } from '../../lib/http/common-schemas';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { copyMainInto } from '../../lib/model/stream-store';
import { branchView } from './stream-views';

export const createBranchRequest = z.strictObject({
  name: displayName(200),
  kind: z.enum(['draft', 'variant'], 'must be "draft" or "variant"'),
});

/** POST P/branches (editor): 201 a branch, a copy of main edited with `?branchId=`. */
export const createBranch: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(createBranchRequest, body);
  const stream = await copyMainInto(runtime.db, { id: randomUUID(), projectId: project.id, kind: input.kind, name: input.name, createdBy: actorOf(caller), now: runtime.now() });
  return jsonResponse(201, branchView(stream));
};
