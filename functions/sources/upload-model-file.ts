import { modelFileUploadedSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { uploadModelFile as keepFile, uploadModelFileRequest } from '../../lib/features/scans/upload-model-file';
import { scanRequestContext } from './source-context';

/** `{sourceId, scanId, path, state}`; 409 when the name is a Source of another kind; 429 over the daily limit. */
export const uploadModelFile = defineRoute({
  group: 'sources',
  operation: 'upload-model-file',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/upload',
  auth: 'signed-in',
  bodyLimitBytes: bodyLimits.modelImport,
  summary: 'Keep a model file in an upload Source and scan its files (editor)',
  body: uploadModelFileRequest,
  answers: { 202: modelFileUploadedSchema, 400: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', body: { path: 'docs/asyncapi.yaml', content: 'asyncapi: 2.6.0\ninfo:\n  title: Orders\n  version: 1.0.0\nchannels: {}\n', name: 'Design files' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(uploadModelFileRequest, body);
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    return jsonResponse(202, await keepFile(context, project, input));
  },
});
