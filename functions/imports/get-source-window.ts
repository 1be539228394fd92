import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { queryWholeNumber } from '../../lib/http/common-schemas';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { sourceWindow } from '../../lib/scans/scan-evidence';
import { scanOfProject } from './scan-of-project';

export const windowQuery = z.strictObject({
  path: z.string().min(1, 'must not be empty').max(1000, 'must have at most 1000 characters'),
  startLine: queryWholeNumber(1, 10_000_000),
  endLine: queryWholeNumber(1, 10_000_000),
});

/** GET P/imports/{importId}/source (viewer): 200 `{path, startLine, endLine, lines}`; 403 content withheld by clearance; 404 no such file; 409 scan not completed. */
export const getSourceWindow: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; its files can be shown once it completed.`);
  const input = parseQuery(windowQuery, query);
  if (input.endLine < input.startLine) throw HttpProblem.validation('Invalid query', [{ field: 'endLine', message: 'must not be below startLine' }]);
  return jsonResponse(200, await sourceWindow(runtime.db, scan.id, input));
};
