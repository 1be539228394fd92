import { recordEndpoints } from './record-endpoints';

/** The messages of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const messageEndpoints = recordEndpoints({
  kind: 'message',
  collectionPath: '/api/projects/{projectId}/messages',
  recordPath: '/api/projects/{projectId}/messages/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { name: 'Billed', producerId: '{model_orders}', consumerIds: ['{model_web}'] },
  replacement: { name: 'Spare message', producerId: '{model_web}' },
});
