import { sourceDocumentsList } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { listSourceDocuments as readDocuments } from '../../lib/features/scans/source-bindings';
import { findSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

/**
 * `{items[{path, blobSha, facts}]}`: the files of the Source's latest completed scan that gave facts
 * (OpenAPI and AsyncAPI documents, manifests, compose files…), with how many; the files kept by an
 * upload Source are listed too.
 */
export const listSourceDocuments = defineRoute({
  group: 'sources',
  operation: 'list-source-documents',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/{sourceId}/documents',
  auth: 'signed-in',
  summary: 'Files of the latest scan that gave facts, and the files an upload Source keeps',
  params: sourceParams,
  answers: { 200: sourceDocumentsList, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', params: { sourceId: '{pushSourceId}' } },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    return jsonResponse(200, { items: await readDocuments(runtime.db, source.id) });
  },
});
