import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { exportModelDocument } from '../../lib/features/exports/export-model-document';
import { modelDocumentSchema } from '../../contracts/model';
import { fitModelExportToFunction } from './fit-function-answer';

const exportQuery = z.strictObject({ format: z.enum(['json', 'yaml'], 'must be "json" or "yaml"').default('json') });

/**
 * JSON indented, or YAML as `application/x-yaml`. Written as its records are read, a page at a time; in a
 * function deployment, gzip-compressed or refused when it is over what a function may answer.
 */
export const exportModel = defineRoute({
  group: 'model',
  operation: 'export-model',
  method: 'GET',
  path: '/api/projects/{projectId}/export',
  auth: 'signed-in',
  summary: 'The main model as a JSON (default) or YAML model document (viewer)',
  query: exportQuery,
  answers: {
    200: { contentType: 'application/json', alternatives: ['application/x-yaml'], schema: modelDocumentSchema, description: 'The model document; YAML with `?format=yaml`. The `Model-Version` header carries its version.' },
    400: 'problem',
  },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters, query, headers }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const { format } = parseQuery(exportQuery, query);
    const { text, modelVersion } = await exportModelDocument(runtime.db, project, format);
    const response = {
      status: 200,
      headers: { 'content-type': format === 'yaml' ? 'application/x-yaml; charset=utf-8' : 'application/json; charset=utf-8', 'model-version': String(modelVersion) },
      body: text,
    };
    const limit = runtime.responsePayloadLimitBytes;
    return limit === undefined ? response : fitModelExportToFunction(response, headers['accept-encoding'], limit, project.id);
  },
});
