import { z } from 'zod';
import { elementKinds, elementStatuses } from '../../lib/core/model/model-records';
import { recordEndpoints, recordListQueryMembers } from './record-endpoints';

/** Elements also filter by name (a substring, in any case), kind, tag and status. */
const elementQuery = z.strictObject({
  ...recordListQueryMembers,
  name: z.string().min(1).max(200).optional(),
  kind: z.enum(elementKinds).optional(),
  tag: z.string().min(1).max(200).optional(),
  status: z.enum(elementStatuses).optional(),
});

/** The elements of a project's model: list, create, read, replace, delete (functions/model/record-endpoints.ts). */
export const elementEndpoints = recordEndpoints({
  kind: 'element',
  collectionPath: '/api/projects/{projectId}/elements',
  recordPath: '/api/projects/{projectId}/elements/{id}',
  listQuery: elementQuery,
  listExampleQuery: { kind: 'app', limit: '2' },
  newEntry: { id: '3c8f8d2e-1b7a-4f0e-9d6c-5a4b3c2d1e0f', kind: 'system', name: 'Billing', status: 'planned', tags: ['money'] },
  replacement: { kind: 'system', name: 'Spare system', status: 'deprecated', tags: ['old'] },
});
