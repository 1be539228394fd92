import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listSourceDocuments as readDocuments } from '../../lib/scans/source-bindings';
import { findSource } from '../../lib/sources/source-store';

/**
 * GET P/sources/{sourceId}/documents (viewer): 200 `{items[{path, blobSha, facts}]}`: the files of the
 * Source's latest completed scan that gave facts (OpenAPI and AsyncAPI documents, manifests, compose
 * files…), with how many; the files kept by an upload Source are listed too; 404.
 */
export const listSourceDocuments: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  return jsonResponse(200, { items: await readDocuments(runtime.db, source.id) });
};
