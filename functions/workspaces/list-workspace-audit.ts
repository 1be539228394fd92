import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { listAuditEntries } from '../../lib/audit/audit-log';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';

/** GET W/audit (owner): 200 `{items[{id, workspaceId, actor, action, detail, at}], nextCursor}`, newest first. */
export const listWorkspaceAudit: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const { cursor, limit } = parseQuery(pageQuery, query);
  const scope = `audit:${workspaceId}`;
  const before = cursor ? decodeCursor<string>(runtime.keyring, scope, cursor) : null;
  const page = await listAuditEntries(runtime.db, { workspaceId, before, limit });
  const last = page.items.at(-1);
  return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, last.id) : null });
};
