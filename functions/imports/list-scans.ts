import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listScans as readScans } from '../../lib/scans/scan-store';

/** GET P/imports (viewer): 200 `{items, nextCursor}`, newest first. */
export const listScans: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const { cursor, limit } = parseQuery(pageQuery, query);
  const scope = `scans:${project.id}`;
  const after = cursor === undefined ? null : decodeCursor<{ createdAt: string; id: string }>(runtime.keyring, scope, cursor);
  const rows = await readScans(runtime.db, project.id, { limit: limit + 1, after });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return jsonResponse(200, { items, nextCursor: rows.length > limit && last ? encodeCursor(runtime.keyring, scope, { createdAt: last.createdAt, id: last.id }) : null });
};
