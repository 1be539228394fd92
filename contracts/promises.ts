/**
 * Promises as the API answers them (part 1 "Agent tool endpoint": list_promises, get_promise,
 * list_promise_runs; docs/decisions.md "Promises"): one zod schema per answer, its type made from
 * it; the server builds its answers with these types and the web client reads them.
 */
import { z } from 'zod';
import { guid, pageOf, timestamp } from './schema-kit';

export const obligationKinds = ['scenario-check', 'source-pattern-check', 'manual'] as const;
export type ObligationKind = (typeof obligationKinds)[number];

/** "An obligation source is generated, manual or agent" (part 1 "Truth notes"). */
export const obligationSources = ['generated', 'manual', 'agent'] as const;
export type ObligationSource = (typeof obligationSources)[number];

/** "Promise result: passed, failed, not-run, unsupported" (part 1 "States and transitions"). */
export const runResults = ['passed', 'failed', 'not-run', 'unsupported'] as const;
export type RunResultValue = (typeof runResults)[number];

export const promiseOrigins = ['manual', 'agent', 'generated'] as const;
export type PromiseOrigin = (typeof promiseOrigins)[number];

export const linkKinds = ['element', 'scenario'] as const;
export type LinkKind = (typeof linkKinds)[number];

/** `draft` until a revision is approved (not yet a requirement), then `in-force`. */
const state = z.enum(['draft', 'in-force']);
export type PromiseState = z.infer<typeof state>;

const counts = z.object({ passed: z.number().int(), failed: z.number().int(), notRun: z.number().int(), unsupported: z.number().int(), stale: z.number().int() });
export type ResultCounts = z.infer<typeof counts>;

const link = z.object({ kind: z.enum(linkKinds), id: guid });

/** A list_promises item: the revision that counts (in force, else the draft), its counts and gaps. */
export const promiseListItemSchema = z.object({
  id: guid,
  requirementId: z.string().meta({ description: '`R<n>`.' }),
  title: z.string(),
  state,
  origin: z.enum(promiseOrigins),
  latestRevision: z.number().int(),
  inForceRevision: z.number().int().nullable(),
  hasDraft: z.boolean(),
  needsReview: z.boolean(),
  counts,
  hasGaps: z.boolean(),
  updatedAt: timestamp,
  draftLastChangedBy: z.string().nullable(),
});
export type PromiseListItem = z.infer<typeof promiseListItemSchema>;

/** `GET P/promises`: promises in requirement-number order. */
export const promiseListPage = pageOf(promiseListItemSchema);

const obligation = z.object({
  id: guid,
  key: z.string().meta({ description: 'O1, O2… per promise; never reused.' }),
  kind: z.enum(obligationKinds),
  title: z.string(),
  recipe: z.record(z.string(), z.unknown()).nullable(),
  source: z.enum(obligationSources),
  addedBy: z.string(),
  lastChangedBy: z.string(),
});

const obligationStatus = z.object({
  obligationId: guid,
  key: z.string(),
  kind: z.enum(obligationKinds),
  result: z.enum(runResults).nullable(),
  runId: guid.nullable(),
  at: timestamp.nullable(),
  current: z.boolean(),
  stale: z.boolean(),
});
export type ObligationStatus = z.infer<typeof obligationStatus>;

const gapReason = z.enum(['no-obligations', 'never-run', 'not-run', 'unsupported', 'stale']);
export type GapReason = z.infer<typeof gapReason>;

const evidenceStatus = z.object({
  counts,
  obligations: z.array(obligationStatus),
  gaps: z.array(z.object({ obligationId: guid.nullable(), key: z.string().nullable(), reason: gapReason })),
});
export type EvidenceStatus = z.infer<typeof evidenceStatus>;

const revision = z.object({
  revision: z.number().int(),
  status: z.enum(['draft', 'in-force', 'superseded']),
  title: z.string(),
  text: z.string(),
  links: z.array(link),
  obligations: z.array(obligation),
  contentHash: z.string(),
  lastChangedBy: z.string(),
  lastChangedAt: timestamp,
  approvedBy: z.string().nullable(),
  approvedAt: timestamp.nullable(),
  evidenceStatus,
});

const missingLink = link.extend({ revision: z.number().int(), namedBy: z.string() });
export type MissingLink = z.infer<typeof missingLink>;

/** The get_promise shape: the promise with its in-force and draft revisions (older ones left out). */
export const promiseDetailSchema = z
  .object({
    id: guid,
    requirementId: z.string(),
    origin: z.enum(promiseOrigins),
    state,
    latestRevision: z.number().int(),
    inForceRevision: z.number().int().nullable(),
    hasDraft: z.boolean(),
    needsReview: z.boolean(),
    missingLinks: z.array(missingLink),
    createdAt: timestamp,
    updatedAt: timestamp,
    inForce: revision.nullable(),
    draft: revision.nullable(),
  })
  .meta({ id: 'Promise' });
export type PromiseDetail = z.infer<typeof promiseDetailSchema>;

/** A run as the API shows it: as stored, with whether it still holds (`current`) and whether an input moved (`stale`). */
export const promiseRunSchema = z
  .object({
    id: guid,
    obligationId: guid,
    promiseRevision: z.number().int(),
    result: z.enum(runResults),
    scope: z.string(),
    environment: z.string().nullable(),
    modelRevision: z.number().int().nullable(),
    commitSha: z.string().nullable(),
    evidence: z.array(z.unknown()),
    limitations: z.array(z.string()),
    detail: z.string(),
    inputs: z.record(z.string(), z.unknown()),
    assertions: z.array(z.object({ id: z.string(), passed: z.boolean(), detail: z.string() })),
    draft: z.boolean(),
    startedBy: z.string(),
    actor: z.string(),
    at: timestamp,
    current: z.boolean(),
    stale: z.boolean(),
  })
  .meta({ id: 'PromiseRun' });
export type PromiseRunView = z.infer<typeof promiseRunSchema>;

/** `GET P/promises/{promiseId}/runs`: runs newest first. */
export const promiseRunsPage = pageOf(promiseRunSchema);
