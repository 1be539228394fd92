import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName, optionalText } from '../../lib/http/common-schemas';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { insertProject } from '../../lib/workspaces/project-store';

export const createProjectRequest = z.strictObject({
  name: displayName(200),
  description: optionalText(4000).optional().transform((v) => v ?? null),
});

/** POST W/projects (editor): 201 `{id, workspaceId, name, description, modelVersion}`. */
export const createProject: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'editor');
  const input = parseBody(createProjectRequest, body);
  const project = await insertProject(runtime.db, workspaceId, input.name, input.description, runtime.now());
  return jsonResponse(201, project);
};
