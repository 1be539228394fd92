/**
 * Revisions and branches (drafts and variants) of a project's model (DECISIONS.md section 2): one
 * zod schema per answer, its type made from it; the server answers with these types and the web
 * client reads them.
 */
import { z } from 'zod';
import { guid, listOf, timestamp } from './schema-kit';

/** A revision: `{id, name, modelVersion, createdAt}`. */
export const revisionSchema = z.object({ id: guid, name: z.string(), modelVersion: z.number().int(), createdAt: timestamp }).meta({ id: 'Revision' });

export type Revision = z.infer<typeof revisionSchema>;

/** `GET P/revisions`. */
export const revisionsList = listOf(revisionSchema);

/** A branch (draft or variant); `baseVersion` is the main version it was copied from. */
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

export type Branch = z.infer<typeof branchSchema>;

/** `GET P/branches`: drafts and variants, oldest first. */
export const branchesList = listOf(branchSchema);
