import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { queryWholeNumber } from '../../lib/http/common-schemas';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { importModelDocument } from '../../lib/model/import-model-document';

export const importQuery = z.strictObject({
  dryRun: z.enum(['true', 'false'], 'must be true or false').optional(),
  expectedVersion: queryWholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * POST P/import (editor): the model document (JSON, or YAML when the
 * Content-Type contains "yaml") upserted into main; `dryRun=true` previews.
 */
export const importModel: Operation = async ({ runtime, caller, pathParameters, query, body, headers }) => {
  if (!caller) throw HttpProblem.unauthorized();
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
};
