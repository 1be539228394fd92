import { z } from 'zod';
import { sourceWindowSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { queryWholeNumber } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { sourceWindow } from '../../lib/features/scans/scan-evidence';
import { scanOfProject } from '../../lib/features/scans/scan-store';
import { scanParams } from './scan-params';

const windowQuery = z.strictObject({
  path: z.string().min(1, 'must not be empty').max(1000, 'must have at most 1000 characters'),
  startLine: queryWholeNumber(1, 10_000_000),
  endLine: queryWholeNumber(1, 10_000_000),
});

/** `{path, startLine, endLine, lines}`; 403 content withheld by clearance; 404 no such file; 409 scan not completed. */
export const getSourceWindow = defineRoute({
  group: 'scans',
  operation: 'get-source-window',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}/source',
  auth: 'signed-in',
  summary: 'Lines of a scanned file that gave evidence',
  params: scanParams,
  query: windowQuery,
  answers: { 200: sourceWindowSchema, 403: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'viewer' },
  description: '403 for a file whose content is withheld (it may hold secrets).',
  example: { as: 'viewer', params: { importId: '{uploadScanId}' }, query: { path: '{evidencePath}', startLine: '{evidenceStartLine}', endLine: '{evidenceEndLine}' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; its files can be shown once it completed.`);
    const input = parseQuery(windowQuery, query);
    if (input.endLine < input.startLine) throw HttpProblem.validation('Invalid query', [{ field: 'endLine', message: 'must not be below startLine' }]);
    return jsonResponse(200, await sourceWindow(runtime.db, scan.id, input));
  },
});
