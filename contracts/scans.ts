/**
 * What the scan endpoints of a project answer (docs/sources.md): scans and their detail with the
 * extractors' diagnostics, proposals and the facts they carry, evidence and the lines of a file that
 * gave it, decisions, and what accepting the pending proposals would change. One zod schema per
 * answer, its type made from it; the server answers with these types and the web client reads them.
 */
import { z } from 'zod';
import { guid, pageOf, timestamp } from './schema-kit';

export const scanStates = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ScanState = (typeof scanStates)[number];

/** What was asked of a scan (StartSourceScanRequest / StartScanRequest), as stored. */
export const scanRequestRecordSchema = z.object({
  repository: z.string().nullable(),
  ref: z.string().nullable(),
  includePaths: z.array(z.string()),
  excludePaths: z.array(z.string()),
  pullRequest: z.number().int().nullable(),
  /** Set on a snapshot pushed by `svc scan`. */
  pushed: z.literal(true).optional(),
  /** The name of an uploaded trace file. */
  traceFile: z.string().optional(),
});

export type ScanRequestRecord = z.infer<typeof scanRequestRecordSchema>;

/** The import limits a scan runs under: the workspace's `import.*` settings when it was requested (part 2). */
export const scanLimitsSchema = z.object({ maxFiles: z.number().int(), maxFileBytes: z.number().int(), maxTotalBytes: z.number().int(), excludeGlobs: z.array(z.string()), maxArchiveBytes: z.number().int() });

export type ScanLimits = z.infer<typeof scanLimitsSchema>;

const scanFields = {
  id: guid,
  projectId: guid,
  sourceId: guid.nullable(),
  host: z.string().nullable(),
  state: z.enum(scanStates),
  request: scanRequestRecordSchema,
  limits: scanLimitsSchema,
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

/** A scan as `GET P/imports` lists it; also the cancel and resume answers. */
export const scanSchema = z.object(scanFields).meta({ id: 'Scan' });

export type Scan = z.infer<typeof scanSchema>;

/** `GET P/imports`: newest first. */
export const scansPage = pageOf(scanSchema);

/** How many entries of each list a scan keeps: enough to act on, bounded for a huge repository. */
export const maxDiagnosticEntries = 500;

/** A line a person reads in the diagnostics: a note with its count, a reason. */
const diagnosticLine = z.string().min(1).max(1000);

/** One extractor's part of a scan. */
export const extractorDiagnosticsSchema = z.strictObject({
  /** The extractor's name (lib/core/extract/extractor-registry.ts). */
  extractor: z.string().min(1).max(100),
  /** Files it read (files whose names it reads and that passed the clearance). */
  filesRead: z.int().min(0),
  /** Drafts and hints it found in them, before they were combined. */
  factsMade: z.int().min(0),
  /** What a person can act on: notes of its files with counts ("3 files: resource kind google_compute_network is not mapped"). */
  notes: z.array(diagnosticLine).max(maxDiagnosticEntries),
});

export type ExtractorDiagnostics = z.infer<typeof extractorDiagnosticsSchema>;

/** A candidate left out of the model (a test project, a class library, a monorepo root…). */
export const leftOutCandidateSchema = z.strictObject({
  /** The file that made it a candidate (a manifest, a compose file). */
  path: z.string().min(1).max(4096),
  /** The name it would have had. */
  name: z.string().min(1).max(200),
  /** Why it is not an element: `test project (Microsoft.NET.Test.Sdk)`, `class library: nothing deploys it`… */
  reason: diagnosticLine,
});

export type LeftOutCandidate = z.infer<typeof leftOutCandidateSchema>;

export const scanDiagnosticsSchema = z
  .strictObject({
    extractors: z.array(extractorDiagnosticsSchema).max(100),
    leftOut: z.array(leftOutCandidateSchema).max(maxDiagnosticEntries),
    /** Whole-scan notes: why a scan that read N files made no fact, candidates not shown past the limit. */
    notes: z.array(diagnosticLine).max(maxDiagnosticEntries),
  })
  .meta({
    id: 'ScanDiagnostics',
    description:
      'What the extractors made of the files (docs/extraction.md "Diagnostics"): per extractor the files it read, the drafts and hints it found and its notes with counts; ' +
      'the candidates left out of the model with the reason; whole-scan notes (why nothing was found, files that may hold facts skipped as secrets).',
  });

export type ScanDiagnostics = z.infer<typeof scanDiagnosticsSchema>;

/** A file a scan listed and did not read, with why. */
export const skippedFileSchema = z.object({ path: z.string(), reason: z.string() });

export type SkippedFile = z.infer<typeof skippedFileSchema>;

/** `GET P/imports/{importId}` and `POST …/track`: the scan, the files it skipped, its diagnostics, its fact count and proposals by status. */
export const scanDetailSchema = z
  .object({
    ...scanFields,
    skipped: z.array(skippedFileSchema),
    diagnostics: scanDiagnosticsSchema.nullable().meta({ description: 'Null when no extractor read the scan (New Relic, a trace file), for a push that sent none, and for scans stored before diagnostics were kept.' }),
    factCount: z.number().int(),
    proposals: z.object({ pending: z.number().int(), accepted: z.number().int(), rejected: z.number().int(), superseded: z.number().int() }),
  })
  .meta({ id: 'ScanDetail' });

export type ScanDetail = z.infer<typeof scanDetailSchema>;

/** `POST P/imports`: a queued scan of a GitHub repository, without a Source. */
export const repositoryScanQueuedSchema = z.object({ scanId: guid, state: z.literal('queued'), sourceId: z.null() });

export type RepositoryScanQueued = z.infer<typeof repositoryScanQueuedSchema>;

/**
 * The kinds of fact, in the order their references can be resolved: a fact only points at kinds
 * before it. Deciding resolves them in this order, so a client that decides in parts sends them so.
 */
export const factKinds = ['element', 'schema', 'channel', 'message', 'operation', 'relationship', 'subscription', 'binding'] as const;
export type FactKind = (typeof factKinds)[number];

/** Lines of a file that state a fact (1-based, inclusive). */
export const factEvidenceSchema = z.object({ path: z.string(), startLine: z.number().int(), endLine: z.number().int() });

export type FactEvidence = z.infer<typeof factEvidenceSchema>;

/**
 * A fact as a scan stores and proposes it: the model-document fields it states (no ID, no
 * references), and its references to other facts by key.
 */
export const scanFactSchema = z.object({
  key: z.string(),
  kind: z.enum(factKinds),
  factStatus: z.enum(['observed-in-source', 'inferred', 'measured']),
  confidence: z.number().nullable(),
  evidence: z.array(factEvidenceSchema),
  /** Model-document fields the source states, e.g. `{ kind: 'app', name: 'orders', technology: 'Node.js' }`. */
  fields: z.record(z.string(), z.unknown()),
  /** Reference fields by the key of the fact they point at, e.g. `{ fromId: 'element:app:orders' }`; a list field holds keys. */
  refs: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()])),
});

export type ScanFact = z.infer<typeof scanFactSchema>;

/** What a proposal's `proposed` holds for an addition or change: the fact, with the fields a change alters. */
export const proposedFactSchema = scanFactSchema.extend({ changedFields: z.array(z.string()).optional() });

export type ProposedFact = z.infer<typeof proposedFactSchema>;

export const proposalActions = ['add', 'change', 'remove'] as const;
export type ProposalAction = (typeof proposalActions)[number];

export const proposalStatuses = ['pending', 'accepted', 'rejected', 'superseded'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** A proposal as the API answers it. */
export const proposalSchema = z
  .object({
    id: guid,
    scanId: guid,
    factKey: z.string(),
    action: z.enum(proposalActions),
    entityKind: z.string(),
    entityId: guid.nullable(),
    status: z.enum(proposalStatuses),
    proposed: z.unknown().meta({ description: 'The fact (add, change): fields, references by fact key, truth label, evidence, changedFields.' }),
    current: z.unknown().meta({ description: 'The model record before (change, remove).' }),
    decidedBy: z.string().nullable(),
    decidedAt: timestamp.nullable(),
  })
  .meta({ id: 'Proposal' });

export type Proposal = z.infer<typeof proposalSchema>;

/** `GET P/imports/{importId}/proposals`: by fact key. */
export const proposalsPage = pageOf(proposalSchema);

/** One piece of evidence of a fact: the lines of a file that state it. */
export const evidenceItemSchema = z.object({ factKey: z.string(), kind: z.string(), factStatus: z.string(), confidence: z.number().nullable(), path: z.string(), startLine: z.number().int(), endLine: z.number().int() });

export type EvidenceItem = z.infer<typeof evidenceItemSchema>;

/** `GET P/imports/{importId}/evidence`: in fact-key order. */
export const evidenceItemsPage = pageOf(evidenceItemSchema);

/** `GET P/imports/{importId}/source`: lines of a file the scan kept because it gave evidence. */
export const sourceWindowSchema = z.object({ path: z.string(), startLine: z.number().int(), endLine: z.number().int(), totalLines: z.number().int(), lines: z.array(z.string()) });

export type SourceWindow = z.infer<typeof sourceWindowSchema>;

/** `POST P/imports/{importId}/proposals/decide`: the model version after, and what became of each proposal. */
export const decideResultSchema = z.object({
  modelVersion: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  items: z.array(z.object({ proposalId: guid, status: z.enum(['accepted', 'rejected']), entityId: guid.nullable() })),
});

export type DecideResult = z.infer<typeof decideResultSchema>;

/** Most IDs each list of one decide request may hold. */
export const maxDecideIds = 5000;

const proposalChoice = z.object({ proposalId: guid, entityId: guid });

/**
 * The body of `POST P/imports/{importId}/proposals/decide` as a client may send it (DecideProposalsRequest of
 * part 2): `relink` writes a proposal onto another record, `bind` ties a fact to a record and only labels it;
 * `relink`, `acknowledgeImpact` and `bind` may be left out. The server reads it with its own messages
 * (lib/features/scans/decide-proposals.ts), held to this type.
 */
export const decideRequestSchema = z.object({
  accept: z.array(guid).max(maxDecideIds).nullable(),
  reject: z.array(guid).max(maxDecideIds).nullable(),
  relink: z.array(proposalChoice).max(maxDecideIds).nullable().optional(),
  acknowledgeImpact: z.boolean().optional(),
  bind: z.array(proposalChoice).max(maxDecideIds).nullable().optional(),
});

export type DecideRequest = z.infer<typeof decideRequestSchema>;

const namedRecordImpact = z.object({ id: guid, name: z.string(), reason: z.string() });

/** `GET P/imports/{importId}/impact`: what accepting every pending proposal of the scan would change besides the model. */
export const scanImpactSchema = z.object({
  scanId: guid,
  pendingProposals: z.number().int(),
  /** How many records the decision would change, remove and add. */
  changed: z.number().int(),
  removed: z.number().int(),
  added: z.number().int(),
  views: z.array(namedRecordImpact),
  scenarios: z.array(namedRecordImpact),
  promises: z.array(z.object({ id: guid, requirementNumber: z.number().int(), title: z.string(), reason: z.string() })),
  exports: z.array(z.string()).meta({ description: 'Exports whose content would differ.' }),
  /** True when a view, scenario or promise is affected: deciding then needs `acknowledgeImpact`. */
  needsAcknowledgement: z.boolean(),
});

export type ScanImpact = z.infer<typeof scanImpactSchema>;

/** What accepting a set of changes and removals would change, whatever asked (a scan's proposals, a decision). */
export type ChangeImpact = Omit<ScanImpact, 'scanId' | 'pendingProposals'>;

/** One scenario played on main and on main with the proposals accepted. */
export const scenarioCheckSchema = z.object({
  scenarioId: guid,
  name: z.string(),
  /** Assertions whose result differs between main now and main with the proposals accepted. */
  flipped: z.array(z.object({ id: z.string(), before: z.boolean(), after: z.boolean(), detailBefore: z.string(), detailAfter: z.string() })),
  passedBefore: z.number().int(),
  passedAfter: z.number().int(),
  total: z.number().int(),
  /** Validation issues the scenario gets on the proposed model and not on main (a removed operation, …). */
  newIssues: z.array(z.string()),
});

export type ScenarioCheck = z.infer<typeof scenarioCheckSchema>;

/** `POST P/imports/{importId}/impact/checks`: which assertions of the affected scenarios flip. */
export const impactChecksSchema = z.object({ scanId: guid, scenarios: z.array(scenarioCheckSchema) });

export type ImpactChecks = z.infer<typeof impactChecksSchema>;
