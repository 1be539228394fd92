/**
 * Promises as zod schemas, for the OpenAPI document and the contract test
 * (docs/openapi.md), each checked against the shape the code answers with.
 */
import { z } from 'zod';
import { describes, guid, timestamp } from '../../../contracts/schema-kit';
import { linkKinds, obligationKinds, obligationSources, promiseOrigins, runResults } from './promise-records';
import type { RunView } from './promise-status';
import type { PromiseDetail, PromiseListItem } from './promise-views';

const counts = z.object({ passed: z.number().int(), failed: z.number().int(), notRun: z.number().int(), unsupported: z.number().int(), stale: z.number().int() });
const state = z.enum(['draft', 'in-force']);
const link = z.object({ kind: z.enum(linkKinds), id: guid });

export const promiseListItemSchema = describes<PromiseListItem>()(
  z.object({
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
  }),
);

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
  evidenceStatus: z.object({
    counts,
    obligations: z.array(
      z.object({
        obligationId: guid,
        key: z.string(),
        kind: z.enum(obligationKinds),
        result: z.enum(runResults).nullable(),
        runId: guid.nullable(),
        at: timestamp.nullable(),
        current: z.boolean(),
        stale: z.boolean(),
      }),
    ),
    gaps: z.array(z.object({ obligationId: guid.nullable(), key: z.string().nullable(), reason: z.enum(['no-obligations', 'never-run', 'not-run', 'unsupported', 'stale']) })),
  }),
});

export const promiseDetailSchema = describes<NonNullable<PromiseDetail>>()(
  z
    .object({
      id: guid,
      requirementId: z.string(),
      origin: z.enum(promiseOrigins),
      state,
      latestRevision: z.number().int(),
      inForceRevision: z.number().int().nullable(),
      hasDraft: z.boolean(),
      needsReview: z.boolean(),
      missingLinks: z.array(link.extend({ revision: z.number().int(), namedBy: z.string() })),
      createdAt: timestamp,
      updatedAt: timestamp,
      inForce: revision.nullable(),
      draft: revision.nullable(),
    })
    .meta({ id: 'Promise' }),
);

export const promiseRunSchema = describes<RunView>()(
  z
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
    .meta({ id: 'PromiseRun' }),
);
