import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { uploadTraces as readTraces } from '../../lib/scans/upload-traces';
import { findSource } from '../../lib/sources/source-store';
import { scanRequestContext } from './source-context';

/**
 * POST P/sources/{sourceId}/traces?fileName= (editor; body: an OTLP JSON or Jaeger JSON file): 202
 * `{scanId, sourceId, format, spans, services, calls}` with the scan's proposals ready; 400; 404;
 * 409 (a push Source); 413; 429 (daily limit).
 */
export const uploadTraces: Operation = async ({ runtime, caller, pathParameters, query, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  if (source.kind === 'push') throw HttpProblem.conflict('Not for a push Source', 'A push Source receives its evidence from the svc command-line tool.');
  const context = await scanRequestContext(runtime, project.workspaceId, caller);
  return jsonResponse(202, await readTraces(context, project, source, query.get('fileName'), (body as Buffer | undefined) ?? Buffer.alloc(0)));
};
