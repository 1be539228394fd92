import { z } from 'zod';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { workspaceSchema } from '../../contracts/account';
import { createWorkspaceOwnedBy } from '../../lib/features/workspaces/workspace-store';

const createWorkspaceRequest = z.strictObject({ name: displayName(100) });

/** 201 `{id, name}`; the caller is owner. */
export const createWorkspace = defineRoute({
  group: 'workspaces',
  operation: 'create-workspace',
  method: 'POST',
  path: '/api/workspaces',
  auth: 'person',
  summary: 'Create a workspace; the caller becomes its owner',
  body: createWorkspaceRequest,
  answers: { 201: workspaceSchema },
  access: { role: 'any', note: 'The caller becomes its owner.' },
  example: { body: { name: 'Second workspace' } },
  run: async ({ runtime, caller, body }) => {
    const input = parseBody(createWorkspaceRequest, body);
    const workspace = await createWorkspaceOwnedBy(runtime.db, input.name, caller.userId, runtime.now());
    return jsonResponse(201, workspace);
  },
});
