import { scansPage } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { listScans as readScans } from '../../lib/features/scans/scan-store';

/** `{items, nextCursor}`, newest first. */
export const listScans = defineRoute({
  group: 'scans',
  operation: 'list-scans',
  method: 'GET',
  path: '/api/projects/{projectId}/imports',
  auth: 'signed-in',
  summary: 'Scans of a project, newest first',
  query: pageQuery,
  answers: { 200: scansPage },
  access: { role: 'viewer' },
  description: 'Newest first.',
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const { cursor, limit } = parseQuery(pageQuery, query);
    const scope = `scans:${project.id}`;
    const after = cursor === undefined ? null : decodeCursor<{ createdAt: string; id: string }>(runtime.keyring, scope, cursor);
    const rows = await readScans(runtime.db, project.id, { limit: limit + 1, after });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return jsonResponse(200, { items, nextCursor: rows.length > limit && last ? encodeCursor(runtime.keyring, scope, { createdAt: last.createdAt, id: last.id }) : null });
  },
});
