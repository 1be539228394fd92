/**
 * What the Source endpoints of a project answer (docs/sources.md, docs/hosts.md): Sources and their
 * kinds, a git host's repositories, the scans a Source queues by request, upload or push, its
 * snapshots and their comparison, the records its facts became, the files that gave them, and the
 * New Relic key test. One zod schema per answer, its type made from it; the server answers with
 * these types and the web client reads them.
 */
import { z } from 'zod';
import { decideResultSchema } from './scans';
import { guid, listOf, timestamp } from './schema-kit';

/** A Source as the API answers it, with its last scan. */
export const sourceSchema = z
  .object({
    id: guid,
    projectId: guid,
    kind: z.string().meta({ description: 'github, gitlab, bitbucket, azureDevOps, directory, archive, upload, push or newrelic.' }),
    name: z.string(),
    slug: z.string(),
    repository: z.string().nullable(),
    path: z.string().nullable(),
    accountId: z.string().nullable(),
    region: z.string().nullable(),
    createdBy: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastScan: z.object({ id: guid, state: z.string(), commitSha: z.string().nullable(), isComplete: z.boolean().nullable(), finishedAt: timestamp.nullable() }).nullable(),
  })
  .meta({ id: 'Source' });

export type Source = z.infer<typeof sourceSchema>;

/** `GET P/sources`: by name. */
export const sourcesList = listOf(sourceSchema);

/** A kind of Source and whether it can be used now. */
export const sourceKindStatusSchema = z.object({
  kind: z.string(),
  name: z.string(),
  available: z.boolean(),
  /** Why the kind cannot be used now, or null. */
  reason: z.string().nullable(),
  /** `repository` for a git host; `path` for a folder; `accountId`, `region` and `apiKey` for New Relic. */
  requires: z.array(z.string()),
});

export type SourceKindStatus = z.infer<typeof sourceKindStatusSchema>;

/** `GET P/sources/kinds`: every kind. */
export const sourceKindsList = listOf(sourceKindStatusSchema);

/** One repository of a git host as a listing shows it. */
export const hostRepositorySchema = z.object({
  /** The name a Source stores and every other call takes: `owner/repo`, `group/sub/project`, `workspace/slug`, `organization/project/repository`. */
  fullName: z.string(),
  /** Null for an empty repository (no branch yet). */
  defaultBranch: z.string().nullable(),
  /** Anything not public (GitLab `internal` included): what privacy.sendPrivateCodeToAi looks at. */
  private: z.boolean(),
  webUrl: z.string(),
});

export type HostRepository = z.infer<typeof hostRepositorySchema>;

/** `GET P/sources/repositories`: a page of the repositories the workspace token can read. */
export const hostRepositoriesPageSchema = z.object({ items: z.array(hostRepositorySchema), page: z.number().int(), nextPage: z.number().int().nullable() });

export type HostRepositoriesPage = z.infer<typeof hostRepositoriesPageSchema>;

/** One repository of a bulk add. */
export const bulkAddItemSchema = z.object({
  repository: z.string(),
  /** `added`: a new Source with a queued scan; `exists`: a Source of that name was there, a scan was queued; `refused`: see `error`. */
  status: z.enum(['added', 'exists', 'refused']),
  sourceId: guid.nullable(),
  scanId: guid.nullable(),
  error: z.object({ status: z.number().int(), type: z.string(), message: z.string() }).nullable(),
});

export type BulkAddItem = z.infer<typeof bulkAddItemSchema>;

/** `POST P/sources/bulk`: one item per repository. */
export const bulkAddResultSchema = z.object({ items: z.array(bulkAddItemSchema) });

export type BulkAddResult = z.infer<typeof bulkAddResultSchema>;

/** `POST P/sources/{sourceId}/scans`: the queued scan. */
export const sourceScanQueuedSchema = z.object({ scanId: guid, state: z.literal('queued'), sourceId: guid.nullable() });

export type SourceScanQueued = z.infer<typeof sourceScanQueuedSchema>;

/** `POST P/sources/{sourceId}/archive`: the archive is kept and its scan queued. */
export const archiveUploadedSchema = z.object({ scanId: guid, sourceId: guid, state: z.literal('queued'), format: z.string() });

export type ArchiveUploaded = z.infer<typeof archiveUploadedSchema>;

/** `POST P/sources/upload`: the file is kept in the upload Source and its scan queued. */
export const modelFileUploadedSchema = z.object({ sourceId: guid, scanId: guid, path: z.string(), state: z.literal('queued') });

export type ModelFileUploaded = z.infer<typeof modelFileUploadedSchema>;

/** `POST P/sources/{sourceId}/traces`: the trace file read, and the measured calls between services it proposes. */
export const tracesUploadedSchema = z.object({
  scanId: guid,
  sourceId: guid,
  format: z.enum(['otlp', 'jaeger']),
  spans: z.number().int(),
  services: z.array(z.string()),
  calls: z.array(z.object({ from: z.string(), to: z.string(), count: z.number().int(), technology: z.string().nullable() })),
});

export type TracesUploaded = z.infer<typeof tracesUploadedSchema>;

/** `GET P/sources/push`: what a pushing client must agree with before it reads a file. */
export const pushSettingsSchema = z.object({
  rulesVersion: z.string(),
  factFormatVersion: z.number().int(),
  limits: z.object({ maxFiles: z.number().int(), maxFileBytes: z.number().int(), maxTotalBytes: z.number().int(), excludeGlobs: z.array(z.string()) }),
  maxBodyBytes: z.number().int(),
});

export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** `POST P/sources/push`: the scan and snapshot the push was stored as, and the proposals it made. */
export const pushResultSchema = z.object({ sourceId: guid, scanId: guid, snapshotId: guid, proposals: z.object({ add: z.number().int(), change: z.number().int(), remove: z.number().int() }) });

export type PushResult = z.infer<typeof pushResultSchema>;

/** `POST P/sources/{sourceId}/accept`: the decision, the scan it took the proposals of, and those left pending with why. */
export const acceptSourceResultSchema = decideResultSchema.extend({ scanId: guid, left: z.array(z.looseObject({ proposalId: guid })) });

export type AcceptSourceResult = z.infer<typeof acceptSourceResultSchema>;

/** A snapshot of a Source: the facts of one completed scan. */
export const snapshotSchema = z.object({ id: guid, scanId: guid, commitSha: z.string().nullable(), isComplete: z.boolean(), factCount: z.number().int(), createdAt: timestamp });

export type Snapshot = z.infer<typeof snapshotSchema>;

/** `GET P/sources/{sourceId}/snapshots`: newest first. */
export const snapshotsList = listOf(snapshotSchema);

const snapshotRef = z.object({ id: guid, commitSha: z.string().nullable() });

/** `GET P/sources/{sourceId}/snapshots/compare`: fact keys added, removed and changed from `base` to `head`, each sorted. */
export const snapshotComparisonSchema = z.object({ base: snapshotRef, head: snapshotRef, added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) });

export type SnapshotComparison = z.infer<typeof snapshotComparisonSchema>;

/** An accepted fact of a Source and the model record it became. */
export const sourceBindingSchema = z.object({ factKey: z.string(), entityKind: z.string(), entityId: guid });

export type SourceBinding = z.infer<typeof sourceBindingSchema>;

/** `GET P/sources/{sourceId}/bindings`: by fact key. */
export const sourceBindingsList = listOf(sourceBindingSchema);

/** A file of the Source: how many facts of its latest completed scan it gave, and whether an upload Source keeps it. */
export const sourceDocumentSchema = z.object({ path: z.string(), blobSha: z.string().nullable(), facts: z.number().int(), kept: z.boolean() });

export type SourceDocument = z.infer<typeof sourceDocumentSchema>;

/** `GET P/sources/{sourceId}/documents`: by path. */
export const sourceDocumentsList = listOf(sourceDocumentSchema);

/** `POST P/sources/apm/test` and `POST P/sources/{sourceId}/apm/test`: whether NerdGraph took the key. */
export const newRelicKeyTestSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().meta({ description: "NerdGraph's HTTP status; 0 when it could not be reached." }),
  message: z.string(),
  user: z.object({ name: z.string(), email: z.string() }).optional(),
  accountName: z.string().optional(),
});

export type NewRelicKeyTest = z.infer<typeof newRelicKeyTestSchema>;
