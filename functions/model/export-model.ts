import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { textResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { serializeModelDocument } from '../../lib/model/model-document';
import { loadModelSnapshot } from '../../lib/model/model-store';
import { mainStream } from '../../lib/model/stream-store';

const exportQuery = z.strictObject({ format: z.enum(['json', 'yaml'], 'must be "json" or "yaml"').default('json') });

/** GET P/export (viewer): the main model as a model document; JSON indented, or YAML as `application/x-yaml`. */
export const exportModel: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const { format } = parseQuery(exportQuery, query);
  // One snapshot: the records and the version they belong to.
  const { model, version } = await runtime.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const stream = await mainStream(trx, project.id);
    return { model: await loadModelSnapshot(trx, stream.id), version: stream.modelVersion };
  });
  const text = serializeModelDocument(project.name, model, format);
  const response = textResponse(200, text, format === 'yaml' ? 'application/x-yaml; charset=utf-8' : 'application/json; charset=utf-8');
  return { ...response, headers: { ...response.headers, 'model-version': String(version) } };
};
