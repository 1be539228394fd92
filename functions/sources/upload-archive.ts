import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { uploadArchive as keepArchive } from '../../lib/scans/upload-archive';
import { findSource } from '../../lib/sources/source-store';
import { scanRequestContext } from './source-context';

/** POST P/sources/{sourceId}/archive (editor; body: the zip or tar.gz): 202 `{scanId, sourceId, state, format}`; 400 refused; 404; 409 not an archive Source; 413; 429. */
export const uploadArchive: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  const context = await scanRequestContext(runtime, project.workspaceId, caller);
  return jsonResponse(202, await keepArchive(context, project, source, (body as Buffer | undefined) ?? Buffer.alloc(0)));
};
