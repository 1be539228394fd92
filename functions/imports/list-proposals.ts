import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listProposals as readProposals } from '../../lib/scans/proposal-store';
import { proposalQuery } from './proposal-inputs';
import { scanOfProject } from './scan-of-project';

/** GET P/imports/{importId}/proposals (viewer): 200 `{items, nextCursor}` by fact key, filtered by `status`, `action`, `entityKind`. */
export const listProposals: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  const { cursor, limit, ...filter } = parseQuery(proposalQuery, query);
  const scope = `proposals:${scan.id}:${filter.status ?? ''}:${filter.action ?? ''}:${filter.entityKind ?? ''}`;
  const after = cursor === undefined ? null : decodeCursor<{ factKey: string; id: string }>(runtime.keyring, scope, cursor);
  const rows = await readProposals(runtime.db, scan.id, filter, { limit: limit + 1, after });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return jsonResponse(200, { items, nextCursor: rows.length > limit && last ? encodeCursor(runtime.keyring, scope, { factKey: last.factKey, id: last.id }) : null });
};
