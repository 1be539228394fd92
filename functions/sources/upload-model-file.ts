import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { uploadModelFile as keepFile, uploadModelFileRequest } from '../../lib/scans/upload-model-file';
import { scanRequestContext } from './source-context';

/** POST P/sources/upload (editor): 202 `{sourceId, scanId, path, state}`; 400; 409 (the name is a Source of another kind); 429 (daily limit). */
export const uploadModelFile: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(uploadModelFileRequest, body);
  const context = await scanRequestContext(runtime, project.workspaceId, caller);
  return jsonResponse(202, await keepFile(context, project, input));
};
