import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { auditPage } from '../../lib/audit/audit-log';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';

/** GET W/audit (owner): 200 `{items[{id, workspaceId, actor, action, detail, at}], nextCursor}`, newest first. */
export const listWorkspaceAudit: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const { cursor, limit } = parseQuery(pageQuery, query);
  return jsonResponse(200, await auditPage(runtime.db, runtime.keyring, { workspaceId, cursor, limit }));
};
