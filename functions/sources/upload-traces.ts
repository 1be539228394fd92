import { z } from 'zod';
import { tracesUploadedSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { uploadTraces as readTraces } from '../../lib/features/scans/upload-traces';
import { findSource } from '../../lib/features/sources/source-store';
import { scanRequestContext } from './source-context';
import { sourceParams } from './source-params';

/** Two services, web calling orders over HTTP, as OTLP JSON. */
const otlpTrace = JSON.stringify({
  resourceSpans: [
    { resource: { attributes: [{ key: 'service.name', value: { stringValue: 'web' } }] }, scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'a' }] }] },
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'orders' } }] },
      scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'b', parentSpanId: 'a', kind: 2, attributes: [{ key: 'http.method', value: { stringValue: 'POST' } }] }] }],
    },
  ],
});

/** `?fileName=` names the file; the body is an OTLP JSON or Jaeger JSON file; 429 over the daily limit. */
export const uploadTraces = defineRoute({
  group: 'sources',
  operation: 'upload-traces',
  method: 'POST',
  path: '/api/projects/{projectId}/sources/{sourceId}/traces',
  auth: 'signed-in',
  bodyKind: 'raw',
  bodyLimitBytes: bodyLimits.traceUpload,
  summary: 'Upload an OTLP or Jaeger JSON trace file: measured calls between services (editor)',
  params: sourceParams,
  query: z.object({ fileName: z.string().optional() }),
  body: { contentTypes: ['application/json'], schema: z.looseObject({}).meta({ description: 'An OTLP JSON or Jaeger JSON trace file.' }) },
  answers: {
    202: tracesUploadedSchema,
    400: 'problem',
    404: 'problem',
    409: 'problem',
    429: 'problem',
  },
  access: { role: 'editor' },
  description: 'Measured calls between services; the scan\'s proposals are ready with the answer. 409 for a push Source.',
  example: { as: 'editor', params: { sourceId: '{uploadSourceId}' }, query: { fileName: 'trace.json' }, rawBody: { contentType: 'application/json', text: otlpTrace } },
  run: async ({ runtime, caller, pathParameters, query, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    if (source.kind === 'push') throw HttpProblem.conflict('Not for a push Source', 'A push Source receives its evidence from the svc command-line tool.');
    const context = await scanRequestContext(runtime, project.workspaceId, caller);
    return jsonResponse(202, await readTraces(context, project, source, query.get('fileName'), (body as Buffer | undefined) ?? Buffer.alloc(0)));
  },
});
