import { recordEndpoints } from './record-endpoints';

/** The operations of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const operationEndpoints = recordEndpoints({
  kind: 'operation',
  collectionPath: '/api/projects/{projectId}/operations',
  recordPath: '/api/projects/{projectId}/operations/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { ownerId: '{model_orders}', name: 'Bill', transport: 'http', timeoutMs: 2000, retry: { maxAttempts: 2, backoffMs: 100 } },
  replacement: { ownerId: '{model_web}', name: 'Spare', transport: 'grpc' },
});
