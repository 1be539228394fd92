import { z } from 'zod';
import { readUser, toUserView } from '../../lib/features/users/user-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { userViewSchema, workspaceSummarySchema } from '../../contracts/account';
import { listWorkspacesOfUser } from '../../lib/features/workspaces/workspace-store';

/** 200 `{user, workspaces[{id,name,role}]}`. */
export const getMe = defineRoute({
  group: 'auth',
  operation: 'get-me',
  method: 'GET',
  path: '/api/auth/me',
  auth: 'person',
  summary: 'The signed-in person and their workspaces',
  answers: { 200: z.object({ user: userViewSchema, workspaces: z.array(workspaceSummarySchema) }) },
  access: { role: 'any' },
  example: {},
  run: async ({ runtime, caller }) => {
    const user = await readUser(runtime.db, caller.userId);
    return jsonResponse(200, { user: toUserView(user), workspaces: await listWorkspacesOfUser(runtime.db, caller.userId) });
  },
});
