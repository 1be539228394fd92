import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { queryWholeNumber } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { importModelDocument } from '../../lib/core/model/import-model-document';
import { importResultSchema, modelDocumentSchema } from '../../contracts/model';

const importQuery = z.strictObject({
  dryRun: z.enum(['true', 'false'], 'must be true or false').optional(),
  expectedVersion: queryWholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
});

/** The model document is JSON, or YAML when the Content-Type contains "yaml". */
export const importModel = defineRoute({
  group: 'model',
  operation: 'import-model',
  method: 'POST',
  path: '/api/projects/{projectId}/import',
  auth: 'signed-in',
  bodyKind: 'raw',
  rawContentType: 'json-or-yaml',
  bodyLimitBytes: bodyLimits.modelImport,
  tooLargeType: 'import_too_large',
  malformedBodyType: 'invalid_export',
  summary: 'Upsert a model document into main; ?dryRun=true previews, ?expectedVersion= guards (editor)',
  query: importQuery,
  body: {
    contentTypes: ['application/json', 'application/yaml'],
    schema: modelDocumentSchema.partial().loose(),
    description: 'A model document, JSON or YAML (a Content-Type containing `yaml`). Members no field reads are skipped and listed in `ignored`.',
  },
  answers: { 200: importResultSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: '`?dryRun=true` answers the same result and writes nothing; `?expectedVersion=` refuses with 409 when main moved on. 400 `invalid_export` when an entry is refused (nothing is written).',
  example: {
    as: 'editor',
    query: { dryRun: 'true' },
    rawBody: { contentType: 'application/yaml', text: 'version: "1.0"\nproject:\n  name: Shop\nelements:\n  - id: 0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b\n    kind: system\n    name: Payments\n    status: planned\n' },
  },
  run: async ({ runtime, caller, pathParameters, query, body, headers }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const options = parseQuery(importQuery, query);
    const result = await importModelDocument(runtime.db, {
      projectId: project.id,
      body: (body as Buffer | undefined) ?? Buffer.alloc(0),
      format: (headers['content-type'] ?? '').toLowerCase().includes('yaml') ? 'yaml' : 'json',
      dryRun: options.dryRun === 'true',
      expectedVersion: options.expectedVersion ?? null,
      actor: actorOf(caller),
      now: runtime.now(),
    });
    // The body's modelVersion is the version the entries were read against (part 1 "Import result"); the header,
    // as on every other model answer, is main's version after this call: one more when the import wrote.
    const wrote = result.applied && result.added + result.changed > 0;
    return jsonResponse(200, result, { 'model-version': String(wrote ? result.modelVersion + 1 : result.modelVersion) });
  },
});
