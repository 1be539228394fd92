import { recordEndpoints } from './record-endpoints';

/** The bindings of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const bindingEndpoints = recordEndpoints({
  kind: 'binding',
  collectionPath: '/api/projects/{projectId}/bindings',
  recordPath: '/api/projects/{projectId}/bindings/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { sourceChannelId: '{model_c_topic}', targetChannelId: '{model_c_exchange}', routingKey: 'bills.#' },
  replacement: { sourceChannelId: '{model_c_topic}', targetChannelId: '{model_c_exchange}', routingKey: 'spare.*' },
});
