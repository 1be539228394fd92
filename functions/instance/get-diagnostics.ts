import { z } from 'zod';
import { readInstanceDiagnostics, type InstanceDiagnostics } from '../../lib/platform/diagnostics/read-diagnostics';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { describes, timestamp } from '../../contracts/schema-kit';

const diagnosticsSchema = describes<InstanceDiagnostics>()(
  z.object({
    pendingMigrations: z.array(z.string()).nullable(),
    database: z.object({ reachable: z.boolean() }),
    eventStore: z.object({ reachable: z.boolean() }),
    jobQueue: z.object({ reachable: z.boolean(), queued: z.number().int().nullable(), locked: z.number().int().nullable() }),
    worker: z.object({ lastHeartbeatAt: timestamp.nullable(), lastWorker: z.string().nullable(), recent: z.boolean() }),
  }),
);

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
