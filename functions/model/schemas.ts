import { recordEndpoints } from './record-endpoints';

/** The schemas of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const schemaEndpoints = recordEndpoints({
  kind: 'schema',
  collectionPath: '/api/projects/{projectId}/schemas',
  recordPath: '/api/projects/{projectId}/schemas/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { name: 'Bill', content: '{"type":"object"}' },
  replacement: { name: 'Spare schema', content: 'text' },
});
