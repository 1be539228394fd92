import { readUser, toUserView } from '../../lib/features/users/user-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { meSchema, type Me } from '../../contracts/account';
import { listWorkspacesOfUser } from '../../lib/features/workspaces/workspace-store';

/** 200 `{user, workspaces[{id,name,role}]}`. */
export const getMe = defineRoute({
  group: 'auth',
  operation: 'get-me',
  method: 'GET',
  path: '/api/auth/me',
  auth: 'person',
  summary: 'The signed-in person and their workspaces',
  answers: { 200: meSchema },
  access: { role: 'any' },
  example: {},
  run: async ({ runtime, caller }) => {
    const user = await readUser(runtime.db, caller.userId);
    const me: Me = { user: toUserView(user), workspaces: await listWorkspacesOfUser(runtime.db, caller.userId) };
    return jsonResponse(200, me);
  },
});
