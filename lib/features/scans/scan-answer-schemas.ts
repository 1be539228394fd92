/**
 * Sources, scans, proposals and snapshots as zod schemas, for the OpenAPI
 * document and the contract test (docs/openapi.md), each checked against
 * the type the code answers with where the code names one.
 */
import { z } from 'zod';
import { scanDiagnosticsSchema } from '../../core/extract/scan-diagnostics';
import { modelKindSchema } from '../../../contracts/model';
import { describes, guid, timestamp } from '../../../contracts/schema-kit';
import type { SourceRecord } from '../sources/source-store';
import type { DecideResult } from './decide-proposals';
import type { ProposalRecord } from './proposal-store';
import type { EvidenceItem } from './scan-evidence';
import type { ScanDetail } from './scan-detail';
import type { ScanRecord } from './scan-store';
import type { SnapshotSummary } from './snapshots';

const scanState = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']);

export const sourceSchema = describes<SourceRecord>()(
  z
    .object({
      id: guid,
      projectId: guid,
      kind: z.string().meta({ description: 'github, gitlab, bitbucket, azureDevOps, folder, archive, upload, push or newrelic.' }),
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
    .meta({ id: 'Source' }),
);

const scanFields = {
  id: guid,
  projectId: guid,
  sourceId: guid.nullable(),
  host: z.string().nullable(),
  state: scanState,
  request: z.object({
    repository: z.string().nullable(),
    ref: z.string().nullable(),
    includePaths: z.array(z.string()),
    excludePaths: z.array(z.string()),
    pullRequest: z.number().int().nullable(),
    pushed: z.literal(true).optional(),
    traceFile: z.string().optional(),
  }),
  limits: z.object({ maxFiles: z.number().int(), maxFileBytes: z.number().int(), maxTotalBytes: z.number().int(), excludeGlobs: z.array(z.string()), maxArchiveBytes: z.number().int() }),
  commitSha: z.string().nullable(),
  isComplete: z.boolean().nullable(),
  extractionGap: z.string().nullable(),
  filesListed: z.number().int(),
  filesRead: z.number().int(),
  bytesRead: z.number().int(),
  skippedCount: z.number().int(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  requestedBy: z.string(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
};

export const scanSchema = describes<ScanRecord>()(z.object(scanFields).meta({ id: 'Scan' }));

const scanDiagnosticsAnswer = scanDiagnosticsSchema.meta({
  id: 'ScanDiagnostics',
  description:
    'What the extractors made of the files (docs/extraction.md "Diagnostics"): per extractor the files it read, the drafts and hints it found and its notes with counts; ' +
    'the candidates left out of the model with the reason; whole-scan notes (why nothing was found, files that may hold facts skipped as secrets).',
});

export const scanDetailSchema = describes<ScanDetail>()(
  z
    .object({
      ...scanFields,
      skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
      diagnostics: scanDiagnosticsAnswer.nullable().meta({ description: 'Null when no extractor read the scan (New Relic, a trace file), for a push that sent none, and for scans stored before diagnostics were kept.' }),
      factCount: z.number().int(),
      proposals: z.object({ pending: z.number().int(), accepted: z.number().int(), rejected: z.number().int(), superseded: z.number().int() }),
    })
    .meta({ id: 'ScanDetail' }),
);

export const proposalSchema = describes<ProposalRecord>()(
  z
    .object({
      id: guid,
      scanId: guid,
      factKey: z.string(),
      action: z.enum(['add', 'change', 'remove']),
      entityKind: z.string(),
      entityId: guid.nullable(),
      status: z.enum(['pending', 'accepted', 'rejected', 'superseded']),
      proposed: z.unknown().meta({ description: 'The fact (add, change): fields, references by fact key, truth label, evidence, changedFields.' }),
      current: z.unknown().meta({ description: 'The model record before (change, remove).' }),
      decidedBy: z.string().nullable(),
      decidedAt: timestamp.nullable(),
    })
    .meta({ id: 'Proposal' }),
);

export const evidenceItemSchema = describes<EvidenceItem>()(
  z.object({ factKey: z.string(), kind: z.string(), factStatus: z.string(), confidence: z.number().nullable(), path: z.string(), startLine: z.number().int(), endLine: z.number().int() }),
);

export const snapshotSchema = describes<SnapshotSummary>()(z.object({ id: guid, scanId: guid, commitSha: z.string().nullable(), isComplete: z.boolean(), factCount: z.number().int(), createdAt: timestamp }));

export const decideResultSchema = describes<DecideResult>()(
  z.object({
    modelVersion: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    items: z.array(z.object({ proposalId: guid, status: z.enum(['accepted', 'rejected']), entityId: guid.nullable() })),
  }),
);

export const changeImpactSchema = z.object({
  scanId: guid,
  pendingProposals: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  added: z.number().int(),
  views: z.array(z.object({ id: guid, name: z.string(), reason: z.string() })),
  scenarios: z.array(z.object({ id: guid, name: z.string(), reason: z.string() })),
  promises: z.array(z.object({ id: guid, requirementNumber: z.number().int(), title: z.string(), reason: z.string() })),
  exports: z.array(z.string()).meta({ description: 'Exports whose content would differ.' }),
  needsAcknowledgement: z.boolean(),
});

export { modelKindSchema };
