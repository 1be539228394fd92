/**
 * Revisions and branches (drafts and variants) of a project's model (DECISIONS.md section 2): one
 * zod schema per answer, its type made from it; the server answers with these types and the web
 * client reads them.
 */
import { z } from 'zod';
import { anyJson, guid, ignoredMemberSchema, listOf, timestamp } from './schema-kit';

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
    baseKept: z.boolean().meta({ description: 'Whether main as the branch was copied is kept: a merge then tells who changed a record (three-way); without it every record that differs is a conflict.' }),
    merged: z
      .object({ at: timestamp, by: z.string().meta({ description: 'Who merged: `user:<id>` or `agent-token:<id>`.' }), modelVersion: z.number().int().meta({ description: 'The main version the merge made.' }) })
      .nullable()
      .meta({ description: 'Set once the branch is merged into main; it is read only from then on.' }),
  })
  .meta({ id: 'Branch' });

export type Branch = z.infer<typeof branchSchema>;

/** `GET P/branches`: drafts and variants, oldest first. */
export const branchesList = listOf(branchSchema);

/** The kinds of model records, as a merge names them. */
export const mergeRecordKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'] as const;

/** Which side a conflict takes. */
export const mergeSides = ['main', 'branch'] as const;

export type MergeSide = (typeof mergeSides)[number];

/** `POST P/branches/{id}/merge` body: one choice per conflict, by the record's ID. */
export const mergeRequestSchema = z
  .strictObject({
    resolutions: z
      .array(z.strictObject({ id: z.string().meta({ description: 'The ID of a record in conflict.' }), take: z.enum(mergeSides, 'must be "main" or "branch"') }))
      .max(50_000)
      .optional()
      .meta({ description: 'Per conflict: take main\'s record or the branch\'s. Every conflict needs one; a resolution of a record not in conflict is refused.' }),
  })
  .meta({ id: 'MergeRequest' });

export type MergeRequest = z.infer<typeof mergeRequestSchema>;

/** A record the merge writes to main. */
export const mergeChangeSchema = z
  .object({
    kind: z.enum(mergeRecordKinds),
    id: guid,
    name: z.string().nullable(),
    change: z.enum(['added', 'changed', 'deleted']),
    from: z.enum(['branch', 'resolution']).meta({ description: '`branch`: only the branch changed it; `resolution`: a conflict resolved to the branch\'s side.' }),
  })
  .meta({ id: 'MergeChange' });

/** One field of a conflict: the value main had at the branch point, main's and the branch's (null where the side has no record). */
export const mergeFieldConflictSchema = z.object({ field: z.string(), base: anyJson, main: anyJson, branch: anyJson }).meta({ id: 'MergeFieldConflict' });

const presence = z.enum(['present', 'absent']);

/** A record main and the branch both changed, differently. */
export const mergeConflictSchema = z
  .object({
    kind: z.enum(mergeRecordKinds),
    id: guid,
    name: z.string().nullable(),
    base: z.enum(['present', 'absent', 'unknown']).meta({ description: 'Whether main had the record at the branch point; `unknown` when the branch keeps no base.' }),
    main: presence,
    branch: presence,
    fields: z.array(mergeFieldConflictSchema),
    resolution: z.enum(mergeSides).nullable().meta({ description: 'The side the request takes; null when unresolved.' }),
  })
  .meta({ id: 'MergeConflict' });

export type MergeConflict = z.infer<typeof mergeConflictSchema>;

/** `POST P/branches/{id}/merge`: what was (or, in a dry run, would be) written, and the conflicts. */
export const mergeResultSchema = z
  .object({
    applied: z.boolean().meta({ description: 'True when the merge was committed (the branch is merged).' }),
    modelVersion: z.number().int().meta({ description: 'Main\'s version after the call: the one the merge made, or the one read when nothing was written.' }),
    added: z.number().int(),
    changed: z.number().int(),
    deleted: z.number().int(),
    changes: z.array(mergeChangeSchema),
    conflicts: z.array(mergeConflictSchema),
    ignored: z.array(ignoredMemberSchema),
    branch: branchSchema,
  })
  .meta({ id: 'MergeResult' });

export type MergeResult = z.infer<typeof mergeResultSchema>;
