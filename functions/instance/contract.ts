import { z } from 'zod';
import type { InstanceDiagnostics } from '../../lib/diagnostics/read-diagnostics';
import { pageQuery } from '../../lib/http/common-schemas';
import { auditEntrySchema } from '../../lib/openapi/answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { describes, pageOf, timestamp } from '../../lib/openapi/schema-kit';

const diagnosticsSchema = describes<InstanceDiagnostics>()(
  z.object({
    pendingMigrations: z.array(z.string()).nullable(),
    database: z.object({ reachable: z.boolean() }),
    eventStore: z.object({ reachable: z.boolean() }),
    jobQueue: z.object({ reachable: z.boolean(), queued: z.number().int().nullable(), locked: z.number().int().nullable() }),
    worker: z.object({ lastHeartbeatAt: timestamp.nullable(), lastWorker: z.string().nullable(), recent: z.boolean() }),
  }),
);

export const contracts: GroupContracts = {
  'get-instance': {
    responses: { 200: z.object({ profile: z.enum(['local', 'hosted']), version: z.string(), isInstanceAdmin: z.boolean(), allowSelfRegistration: z.boolean() }) },
    access: { role: 'any' },
    example: { as: 'readToken' },
  },
  'list-instance-audit': {
    query: pageQuery,
    responses: { 200: pageOf(auditEntrySchema) },
    access: { role: 'instance administrator' },
    example: { query: { limit: '5' } },
  },
  'get-diagnostics': {
    responses: { 200: diagnosticsSchema },
    access: { role: 'instance administrator' },
    example: {},
  },
};
