import { diagnosticsSchema } from '../../contracts/account';
import { readInstanceDiagnostics } from '../../lib/platform/diagnostics/read-diagnostics';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';

/**
 * Pending migrations, database, event store and job queue reachability, the
 * worker's last heartbeat (docs/operations.md).
 */
export const getDiagnostics = defineRoute({
  group: 'instance',
  operation: 'get-diagnostics',
  method: 'GET',
  path: '/api/instance/diagnostics',
  auth: 'person',
  summary: 'Pending migrations, database, event store and job queue reachability, worker heartbeat (instance administrator)',
  answers: { 200: diagnosticsSchema },
  access: { role: 'instance administrator' },
  example: {},
  run: async ({ runtime, caller }) => {
    if (!caller.isInstanceAdmin) throw HttpProblem.forbidden('Instance administrator required', 'Only the instance administrator reads the diagnostics.');
    return jsonResponse(200, await readInstanceDiagnostics(runtime.db, runtime.now()));
  },
});
