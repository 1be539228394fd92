import { recordEndpoints } from './record-endpoints';

/** The channels of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const channelEndpoints = recordEndpoints({
  kind: 'channel',
  collectionPath: '/api/projects/{projectId}/channels',
  recordPath: '/api/projects/{projectId}/channels/{id}',
  listExampleQuery: { limit: '2' },
  newEntry: { name: 'bills', kind: 'queue' },
  replacement: { name: 'spare', kind: 'topic' },
});
