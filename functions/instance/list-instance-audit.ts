import { auditPage } from '../../lib/platform/audit/audit-log';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { auditEntryPage } from '../../contracts/account';

/**
 * Every entry of the instance, its own (setup, sign-in, keys forget) and each
 * workspace's, newest first, `{items, nextCursor}` as W/audit.
 */
export const listInstanceAudit = defineRoute({
  group: 'instance',
  operation: 'list-instance-audit',
  method: 'GET',
  path: '/api/instance/audit',
  auth: 'person',
  summary: 'Audit entries of the instance, newest first (instance administrator)',
  query: pageQuery,
  answers: { 200: auditEntryPage },
  access: { role: 'instance administrator' },
  example: { query: { limit: '5' } },
  run: async ({ runtime, caller, query }) => {
    if (!caller.isInstanceAdmin) throw HttpProblem.forbidden('Instance administrator required', 'Only the instance administrator reads the instance audit log.');
    const { cursor, limit } = parseQuery(pageQuery, query);
    return jsonResponse(200, await auditPage(runtime.db, runtime.keyring, { cursor, limit }));
  },
});
