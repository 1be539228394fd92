import { z } from 'zod';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName } from '../../lib/http/common-schemas';
import { parseBody } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { createWorkspaceOwnedBy } from '../../lib/workspaces/workspace-store';

export const createWorkspaceRequest = z.strictObject({ name: displayName(100) });

/** POST /api/workspaces: 201 `{id, name}`; the caller is owner. */
export const createWorkspace: Operation = async ({ runtime, caller, body }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const input = parseBody(createWorkspaceRequest, body);
  const workspace = await createWorkspaceOwnedBy(runtime.db, input.name, caller.userId, runtime.now());
  return jsonResponse(201, workspace);
};
