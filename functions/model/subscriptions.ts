import { recordEndpoints } from './record-endpoints';

/** The subscriptions of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const subscriptionEndpoints = recordEndpoints({
  kind: 'subscription',
  collectionPath: '/api/projects/{projectId}/subscriptions',
  recordPath: '/api/projects/{projectId}/subscriptions/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { channelId: '{model_c_topic}', consumerId: '{model_orders}' },
  replacement: { channelId: '{model_c_queue}', consumerId: '{model_orders}' },
});
