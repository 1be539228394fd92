import { readInstanceDiagnostics } from '../../lib/diagnostics/read-diagnostics';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';

/**
 * GET /api/instance/diagnostics (instance administrator): pending migrations,
 * database, event store and job queue reachability, the worker's last
 * heartbeat (docs/operations.md).
 */
export const getDiagnostics: Operation = async ({ runtime, caller }) => {
  if (!caller) throw HttpProblem.unauthorized();
  if (caller.kind !== 'person' || !caller.isInstanceAdmin) throw HttpProblem.forbidden('Instance administrator required', 'Only the instance administrator reads the diagnostics.');
  return jsonResponse(200, await readInstanceDiagnostics(runtime.db, runtime.now()));
};
