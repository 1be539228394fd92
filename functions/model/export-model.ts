import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import type { Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { exportModelDocument } from '../../lib/model/export-model-document';
import { fitModelExportToFunction } from './fit-function-answer';

export const exportQuery = z.strictObject({ format: z.enum(['json', 'yaml'], 'must be "json" or "yaml"').default('json') });

/**
 * GET P/export (viewer): the main model as a model document; JSON indented, or YAML as `application/x-yaml`.
 * Written as its records are read, a page at a time; in a function deployment, gzip-compressed or refused when
 * it is over what a function may answer.
 */
export const exportModel: Operation = async ({ runtime, caller, pathParameters, query, headers }) => {
  if (!caller) throw HttpProblem.unauthorized();
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
};
