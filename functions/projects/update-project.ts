import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName, optionalText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { projectSchema } from '../../contracts/account';
import { updateProject as writeProject } from '../../lib/features/workspaces/project-store';

const updateProjectRequest = z
  .strictObject({ name: displayName(200).optional(), description: optionalText(4000).optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined, 'must change name or description');

/** Changes name and/or description. */
export const updateProject = defineRoute({
  group: 'projects',
  operation: 'update-project',
  method: 'PATCH',
  path: '/api/projects/{projectId}',
  auth: 'signed-in',
  summary: 'Rename or describe a project (editor)',
  body: updateProjectRequest,
  answers: { 200: projectSchema },
  access: { role: 'editor' },
  example: { as: 'editor', body: { description: 'Where people buy things' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(updateProjectRequest, body);
    return jsonResponse(200, await writeProject(runtime.db, project.id, input));
  },
});
