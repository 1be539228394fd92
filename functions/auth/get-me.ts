import { readUser, toUserView } from '../../lib/auth/user-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { listWorkspacesOfUser } from '../../lib/workspaces/workspace-store';

/** GET /api/auth/me: 200 `{user, workspaces[{id,name,role}]}`. */
export const getMe: Operation = async ({ runtime, caller }) => {
  if (caller?.kind !== 'person') throw HttpProblem.unauthorized();
  const user = await readUser(runtime.db, caller.userId);
  return jsonResponse(200, { user: toUserView(user), workspaces: await listWorkspacesOfUser(runtime.db, caller.userId) });
};
