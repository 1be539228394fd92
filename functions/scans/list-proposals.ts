import { proposalsPage } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { listProposals as readProposals } from '../../lib/features/scans/proposal-store';
import { scanOfProject } from '../../lib/features/scans/scan-store';
import { proposalQuery } from './proposal-inputs';
import { scanParams } from './scan-params';

/** `{items, nextCursor}` by fact key, filtered by `status`, `action`, `entityKind`. */
export const listProposals = defineRoute({
  group: 'scans',
  operation: 'list-proposals',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}/proposals',
  auth: 'signed-in',
  summary: 'Proposals of a scan, filtered by status, action and entity kind',
  params: scanParams,
  query: proposalQuery,
  answers: { 200: proposalsPage, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'By fact key.',
  example: { as: 'viewer', query: { status: 'pending', limit: '3' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    const { cursor, limit, ...filter } = parseQuery(proposalQuery, query);
    const scope = `proposals:${scan.id}:${filter.status ?? ''}:${filter.action ?? ''}:${filter.entityKind ?? ''}`;
    const after = cursor === undefined ? null : decodeCursor<{ factKey: string; id: string }>(runtime.keyring, scope, cursor);
    const rows = await readProposals(runtime.db, scan.id, filter, { limit: limit + 1, after });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return jsonResponse(200, { items, nextCursor: rows.length > limit && last ? encodeCursor(runtime.keyring, scope, { factKey: last.factKey, id: last.id }) : null });
  },
});
