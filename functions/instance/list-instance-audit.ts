import { auditPage } from '../../lib/audit/audit-log';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageQuery } from '../../lib/http/common-schemas';
import { parseQuery } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';

/**
 * GET /api/instance/audit (instance administrator): every entry of the
 * instance, its own (setup, sign-in, keys forget) and each workspace's,
 * newest first, `{items, nextCursor}` as W/audit.
 */
export const listInstanceAudit: Operation = async ({ runtime, caller, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  if (caller.kind !== 'person' || !caller.isInstanceAdmin) throw HttpProblem.forbidden('Instance administrator required', 'Only the instance administrator reads the instance audit log.');
  const { cursor, limit } = parseQuery(pageQuery, query);
  return jsonResponse(200, await auditPage(runtime.db, runtime.keyring, { cursor, limit }));
};
