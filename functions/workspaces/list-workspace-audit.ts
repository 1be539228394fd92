import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { auditPage } from '../../lib/platform/audit/audit-log';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { auditEntryPage } from '../../contracts/account';

/** 200 `{items[{id, workspaceId, actor, action, detail, at}], nextCursor}`, newest first. */
export const listWorkspaceAudit = defineRoute({
  group: 'workspaces',
  operation: 'list-workspace-audit',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/audit',
  auth: 'person',
  summary: 'Audit entries of a workspace, newest first (owner)',
  query: pageQuery,
  answers: { 200: auditEntryPage },
  access: { role: 'owner' },
  example: {},
  run: async ({ runtime, caller, pathParameters, query }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const { cursor, limit } = parseQuery(pageQuery, query);
    return jsonResponse(200, await auditPage(runtime.db, runtime.keyring, { workspaceId, cursor, limit }));
  },
});
