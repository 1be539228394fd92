import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { evidencePage } from '../../lib/scans/scan-evidence';
import { evidenceQuery } from './proposal-inputs';
import { scanOfProject } from './scan-of-project';

/** GET P/imports/{importId}/evidence (viewer): 200 `{items[{factKey, kind, factStatus, confidence, path, startLine, endLine}], nextCursor}`, of one fact with `factKey`. */
export const listEvidence: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  const { cursor, limit, factKey } = parseQuery(evidenceQuery, query);
  const scope = `evidence:${scan.id}:${factKey ?? ''}`;
  const after = cursor === undefined ? 0 : decodeCursor<number>(runtime.keyring, scope, cursor);
  const page = await evidencePage(runtime.db, scan.id, factKey ?? null, after, limit);
  return jsonResponse(200, { items: page.items, nextCursor: page.next === null ? null : encodeCursor(runtime.keyring, scope, page.next) });
};
