/**
 * Drift (docs/change-review.md "Drift"): how main and what the code shows
 * agree, fact by fact. `GET P/drift` answers the project's Sources as their
 * latest complete scans see them; `POST P/drift/check` one snapshot that is
 * not stored (`svc check`). One zod schema per answer, its type made from it.
 */
import { z } from 'zod';
import { guid, timestamp } from './schema-kit';

/** The four statuses of a fact, in the order reports list them. */
export const driftStatuses = ['seen-not-documented', 'changed', 'documented-not-seen', 'in-sync'] as const;
export type DriftStatus = (typeof driftStatuses)[number];

export const driftStatusSchema = z
  .enum(driftStatuses)
  .meta({
    id: 'DriftStatus',
    description:
      '`in-sync`: in the model and seen in the code with the same values; `documented-not-seen`: in the model, within reach of a Source whose scan did not see it; `seen-not-documented`: seen, and no record of main is it; `changed`: seen with other values than the record holds.',
  });

/** The kinds of model records (part 1 "Resources and their fields"). */
export const driftEntityKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'] as const;

/** Items of each status. */
export const driftCountsSchema = z.object({ 'seen-not-documented': z.int(), changed: z.int(), 'documented-not-seen': z.int(), 'in-sync': z.int() }).meta({ id: 'DriftCounts' });
export type DriftCounts = z.infer<typeof driftCountsSchema>;

/** A Source as drift reads it: the scan that stands for it. A checked snapshot's Source may not exist yet (`id` null). */
export const driftSourceSchema = z
  .object({
    id: guid.nullable(),
    name: z.string(),
    kind: z.string(),
    scanId: guid.nullable().meta({ description: 'The scan read: the latest complete one, else the latest completed; null for a checked snapshot or a Source never scanned.' }),
    commitSha: z.string().nullable(),
    finishedAt: timestamp.nullable(),
    isComplete: z.boolean().meta({ description: 'False: the scan did not read everything in its scope, so nothing is called documented-not-seen on its word.' }),
  })
  .meta({ id: 'DriftSource' });
export type DriftSource = z.infer<typeof driftSourceSchema>;

/** Lines of a file that state the fact. */
export const driftEvidenceSchema = z.object({ path: z.string(), startLine: z.int(), endLine: z.int() });

/** One field that differs: the record's value and the value the code shows (references as record IDs, or `fact:<key>` for a fact that is no record). */
export const driftFieldChangeSchema = z.object({ field: z.string(), model: z.unknown(), seen: z.unknown() }).meta({ id: 'DriftFieldChange' });
export type DriftFieldChange = z.infer<typeof driftFieldChangeSchema>;

export const driftItemSchema = z
  .object({
    key: z.string().meta({ description: 'Stable within a report: the status, the Source and the fact key or record ID.' }),
    status: driftStatusSchema,
    entityKind: z.enum(driftEntityKinds),
    name: z.string().meta({ description: 'The record\'s or the fact\'s name; a relationship as `from → to`.' }),
    recordId: guid.nullable().meta({ description: 'The record of main; null for seen-not-documented.' }),
    factKey: z.string().nullable().meta({ description: 'The fact seen, or for documented-not-seen the accepted fact the record was bound to (null for a record no scan gave).' }),
    sources: z.array(z.object({ id: guid.nullable(), name: z.string() })).meta({ description: 'The Source that saw the fact, or for documented-not-seen every Source whose reach the record is in.' }),
    evidence: z.array(driftEvidenceSchema).meta({ description: 'The file lines that state the fact (empty for documented-not-seen).' }),
    changes: z.array(driftFieldChangeSchema).meta({ description: 'For changed: each field whose value differs.' }),
    factStatus: z.string().nullable().meta({ description: 'The truth label of the record (of the fact for seen-not-documented); null for a schema.' }),
    stale: z.object({ sinceRevision: z.string(), reason: z.string() }).nullable().meta({ description: 'The record\'s stale mark.' }),
    proposal: z
      .object({ id: guid, scanId: guid, action: z.enum(['add', 'change', 'remove']) })
      .nullable()
      .meta({ description: 'The pending proposal of the scan read for this fact, if any.' }),
  })
  .meta({ id: 'DriftItem' });
export type DriftItem = z.infer<typeof driftItemSchema>;

/** `GET P/drift`: counts of the whole report, the Sources read, and one page of items (filtered by `status` when given). */
export const driftReportSchema = z
  .object({
    modelVersion: z.int(),
    sources: z.array(driftSourceSchema),
    counts: driftCountsSchema,
    items: z.array(driftItemSchema),
    nextCursor: z.string().nullable().meta({ description: 'Send as `cursor` for the next page; null on the last.' }),
  })
  .meta({ id: 'DriftReport' });
export type DriftReport = z.infer<typeof driftReportSchema>;

/** `POST P/drift/check`: one snapshot against main, stored nowhere; every item but the in-sync ones, which are counted. */
export const driftCheckSchema = z
  .object({
    modelVersion: z.int(),
    source: driftSourceSchema,
    counts: driftCountsSchema,
    items: z.array(driftItemSchema),
  })
  .meta({ id: 'DriftCheck' });
export type DriftCheck = z.infer<typeof driftCheckSchema>;
