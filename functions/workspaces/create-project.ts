import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName, optionalText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { projectSchema } from '../../contracts/account';
import { insertProject } from '../../lib/features/workspaces/project-store';

const createProjectRequest = z.strictObject({
  name: displayName(200),
  description: optionalText(4000).optional().transform((v) => v ?? null),
});

/** 201 `{id, workspaceId, name, description, modelVersion}`. */
export const createProject = defineRoute({
  group: 'workspaces',
  operation: 'create-project',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/projects',
  auth: 'signed-in',
  summary: 'Create a project (editor)',
  body: createProjectRequest,
  answers: { 201: projectSchema },
  access: { role: 'editor' },
  example: { as: 'editor', body: { name: 'Warehouse', description: 'Stock and shipping' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'editor');
    const input = parseBody(createProjectRequest, body);
    const project = await insertProject(runtime.db, workspaceId, input.name, input.description, runtime.now());
    return jsonResponse(201, project);
  },
});
