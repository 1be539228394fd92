import { recordEndpoints } from './record-endpoints';

/** The relationships of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const relationshipEndpoints = recordEndpoints({
  kind: 'relationship',
  collectionPath: '/api/projects/{projectId}/relationships',
  recordPath: '/api/projects/{projectId}/relationships/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { fromId: '{model_customer}', toId: '{model_shop}', label: 'visits', kind: 'behavioural' },
  replacement: { fromId: '{model_customer}', toId: '{model_shop}', label: 'browses' },
});
