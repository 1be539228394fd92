/**
 * The diff of two versions of a project's model (docs/change-review.md): the two versions, the
 * fingerprint of the whole diff, the count of each change per kind, and a page of the records
 * added, removed and changed, each change with its fields before and after.
 */
import { z } from 'zod';
import { anyJson } from './schema-kit';

const recordKind = z.enum(['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding']);

/** One version a diff compares, as the request named it and as it is. */
export const diffSideSchema = z
  .object({
    ref: z.string().meta({ description: '`main`, `branch:<id>`, `revision:<id>` or `snapshot:<id>`.' }),
    kind: z.enum(['main', 'branch', 'revision', 'snapshot']),
    id: z.string(),
    name: z.string().meta({ description: "The branch's or revision's name, `main`, or the snapshot's commit." }),
    modelVersion: z.number().int(),
  })
  .meta({ id: 'DiffSide' });

export type DiffSide = z.infer<typeof diffSideSchema>;

/** A field of a changed record, before and after as the model document writes it. */
export const fieldChangeSchema = z
  .object({
    field: z.string(),
    before: anyJson,
    after: anyJson,
    textDiff: z.array(z.string()).nullable().meta({ description: "A schema's `content`: unified-diff lines (` ` kept, `-` removed, `+` added, `…` lines left out); null for other fields." }),
  })
  .meta({ id: 'FieldChange' });

export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One record's change. */
export const diffEntrySchema = z
  .object({
    kind: recordKind,
    id: z.string(),
    change: z.enum(['added', 'removed', 'changed']),
    name: z.string().nullable(),
    before: z.record(z.string(), anyJson).nullable().meta({ description: 'The removed record whole; null otherwise.' }),
    after: z.record(z.string(), anyJson).nullable().meta({ description: 'The added record whole; null otherwise.' }),
    fields: z.array(fieldChangeSchema),
  })
  .meta({ id: 'DiffEntry' });

export type DiffEntry = z.infer<typeof diffEntrySchema>;

const changeCounts = z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() });

/** `GET P/diff` (JSON): a page of the entries, in kind then ID order, with what describes the whole diff. */
export const modelDiffPage = z
  .object({
    from: diffSideSchema,
    to: diffSideSchema,
    fingerprint: z.string().meta({ description: '`sha256:` of the canonical JSON of every entry of the diff (not only this page).' }),
    counts: z.record(recordKind, changeCounts),
    total: z.number().int().meta({ description: 'Entries in the whole diff.' }),
    items: z.array(diffEntrySchema),
    nextCursor: z.string().nullable().meta({ description: 'Send as `cursor` for the next page; null on the last.' }),
  })
  .meta({ id: 'ModelDiffPage' });

export type ModelDiffPage = z.infer<typeof modelDiffPage>;
