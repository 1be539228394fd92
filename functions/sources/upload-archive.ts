import { z } from 'zod';
import { archiveUploadedSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { uploadArchive as keepArchive } from '../../lib/features/scans/upload-archive';
import { findSource } from '../../lib/features/sources/source-store';
import { scanRequestContext } from './source-context';
import { sourceParams } from './source-params';

/** A gzip-compressed tar holding shop/compose.yaml (one service). */
const archiveBase64 =
  'H4sIAAAAAAAAA+3R3wqCMBzF8V37FL8nqKlbQW9jMkxIJ87+vX3qpWFdjYi+n5sz2GAHTjj5bqvi0qO9tXOOljmfU5vrNLNW50bpVNssV2Ij95pdwlD0Iqr3fnj37tP9jwrT/qVvOh/c5lE05wh/TAPvjFnf32SL/XNttRIdocuLf9/f9de6dOGQiNzccQqRuikqd5C2qtt78u2GAAAAAAAAAAAAAAAAANY8AWWl1M0AKAAA';

/** The body is the zip or tar.gz; 400 for one that is refused; 409 for a Source that is no archive Source. */
export const uploadArchive = defineRoute({
  group: 'sources',
  operation: 'upload-archive',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/{sourceId}/archive',
  auth: 'signed-in',
  bodyKind: 'raw',
  bodyLimitBytes: bodyLimits.archiveUpload,
  summary: 'Upload a zip or tar.gz to an archive Source and scan it (editor)',
  params: sourceParams,
  body: { contentTypes: ['application/gzip', 'application/zip'], schema: z.string().meta({ format: 'binary' }), description: 'A zip or tar.gz archive.' },
  answers: { 202: archiveUploadedSchema, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, rawBody: { contentType: 'application/gzip', base64: archiveBase64 } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    return jsonResponse(202, await keepArchive(context, project, source, (body as Buffer | undefined) ?? Buffer.alloc(0)));
  },
});
