import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid, listOf, timestamp } from '../../lib/openapi/schema-kit';
import { createBranchRequest } from './create-branch';
import { createRevisionRequest } from './create-revision';

const revisionSchema = z.object({ id: guid, name: z.string(), modelVersion: z.number().int(), createdAt: timestamp }).meta({ id: 'Revision' });
const branchSchema = z
  .object({
    id: guid,
    name: z.string(),
    kind: z.enum(['draft', 'variant']),
    baseVersion: z.number().int().nullable().meta({ description: 'The main version it was copied from.' }),
    modelVersion: z.number().int(),
    createdAt: timestamp,
  })
  .meta({ id: 'Branch' });

export const contracts: GroupContracts = {
  'list-revisions': { responses: { 200: listOf(revisionSchema) }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'create-revision': { body: createRevisionRequest, responses: { 201: revisionSchema }, access: { role: 'editor' }, example: { as: 'editor', body: { name: 'Before the sale' } } },
  'list-branches': { responses: { 200: listOf(branchSchema) }, access: { role: 'viewer' }, example: { as: 'viewer' } },
  'create-branch': { body: createBranchRequest, responses: { 201: branchSchema }, access: { role: 'editor' }, example: { as: 'editor', body: { name: 'Try a queue', kind: 'variant' } } },
};
