import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName, optionalText } from '../../lib/http/common-schemas';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { updateProject as writeProject } from '../../lib/workspaces/project-store';

export const updateProjectRequest = z
  .strictObject({ name: displayName(200).optional(), description: optionalText(4000).optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined, 'must change name or description');

/** PATCH /api/projects/{projectId} (editor): changes name and/or description. */
export const updateProject: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(updateProjectRequest, body);
  return jsonResponse(200, await writeProject(runtime.db, project.id, input));
};
