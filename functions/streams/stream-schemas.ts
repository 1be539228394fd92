import { z } from 'zod';
import { guid, timestamp } from '../../contracts/schema-kit';

/** A revision as stream-views.ts shows it. */
export const revisionSchema = z.object({ id: guid, name: z.string(), modelVersion: z.number().int(), createdAt: timestamp }).meta({ id: 'Revision' });

/** A branch (draft or variant) as stream-views.ts shows it. */
export const branchSchema = z
  .object({
    id: guid,
    name: z.string(),
    kind: z.enum(['draft', 'variant']),
    baseVersion: z.number().int().nullable().meta({ description: 'The main version it was copied from.' }),
    modelVersion: z.number().int(),
    createdAt: timestamp,
  })
  .meta({ id: 'Branch' });
