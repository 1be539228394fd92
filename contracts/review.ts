/**
 * The review of a branch (`GET P/branches/{branchId}/review`; docs/change-review.md "Review"):
 * what merging the branch would change, side by side with main. One zod schema per answer, its
 * type made from it; the server answers with these types and the web client reads them.
 */
import { z } from 'zod';
import { threadSummarySchema } from './comments';
import { comparisonSchema } from './costs';
import { issueCodes } from './scenarios';
import { calendarDate, guid } from './schema-kit';
import { branchSchema } from './streams';

/** What a review finding is about or mentions: a model record or a scenario. */
export const findingRefKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding', 'scenario'] as const;

const findingRef = z.object({ kind: z.enum(findingRefKinds), id: z.string(), name: z.string().nullable().meta({ description: 'Model text (data).' }) });

/** One finding of the deterministic review rules (docs/review-rules.md). */
export const findingSchema = z
  .object({
    id: z.string().meta({ description: '`<ruleId>:<subject ID>`: one finding per rule and subject.' }),
    ruleId: z.string(),
    severity: z.enum(['error', 'warning', 'info']),
    subject: findingRef,
    message: z.string(),
    related: z.array(findingRef),
  })
  .meta({ id: 'ReviewFinding' });

export type ReviewFinding = z.infer<typeof findingSchema>;

/** The kinds of model record, in the order a model document lists them. */
const modelKindSchema = z.enum(['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding']);

/** The records a branch adds, removes and changes against main. */
export const modelChangesSchema = z
  .object({
    counts: z.array(z.object({ kind: modelKindSchema, added: z.number().int(), removed: z.number().int(), changed: z.number().int() })).meta({ description: 'Every kind, in model order.' }),
    items: z
      .array(
        z.object({
          kind: modelKindSchema,
          id: guid,
          name: z.string().nullable().meta({ description: 'The name (a relationship: its label) on the branch, or on main for a removed record. Model text (data).' }),
          change: z.enum(['added', 'removed', 'changed']),
          fields: z.array(z.string()).meta({ description: 'For a change: the fields that differ, in document order.' }),
        }),
      )
      .meta({ description: 'Per kind the added, removed and changed records, each in ID order; at most 1000.' }),
  })
  .meta({ id: 'ModelChanges' });

const runIssue = z.object({ stepId: z.string().nullable(), code: z.enum(issueCodes), message: z.string() });

/** One side of a scenario's two runs, in figures. */
const runFigures = z.object({
  hash: z.string().meta({ description: 'The trace hash of the run.' }),
  assertionsPassed: z.number().int(),
  assertionsFailed: z.number().int(),
  issueCount: z.number().int(),
});

/** A scenario whose run on the branch differs from its run on main. */
export const scenarioRunChangeSchema = z
  .object({
    scenarioId: guid,
    name: z.string(),
    main: runFigures,
    branch: runFigures,
    hashChanged: z.boolean(),
    assertions: z
      .array(z.object({ id: z.string(), main: z.boolean().nullable(), branch: z.boolean().nullable(), detail: z.string().meta({ description: "The branch run's detail, else main's." }) }))
      .meta({ description: 'Assertions that pass on one side and fail (or are missing) on the other; null where a side has no such assertion.' }),
    issuesAdded: z.array(runIssue).meta({ description: 'Validation issues of the branch run that the main run does not have.' }),
    issuesRemoved: z.array(runIssue).meta({ description: 'Validation issues of the main run that the branch run does not have.' }),
  })
  .meta({ id: 'ScenarioRunChange' });

export type ScenarioRunChange = z.infer<typeof scenarioRunChangeSchema>;

/** `GET P/branches/{branchId}/review`. */
export const branchReviewSchema = z
  .object({
    projectId: guid,
    branch: branchSchema,
    mainVersion: z.number().int().meta({ description: 'The main model version the branch is compared with.' }),
    diff: modelChangesSchema,
    asOf: calendarDate.meta({ description: 'The day both cost estimates are taken on.' }),
    costs: comparisonSchema.meta({ description: 'The estimates of main (left) and the branch (right) on `asOf`, as `GET P/costs/compare?left=main&right={branchId}` answers.' }),
    scenarios: z.object({
      total: z.number().int().meta({ description: 'Live scenarios of the project.' }),
      compared: z.number().int().meta({ description: 'Scenarios played on both sides: the first 200 in name order.' }),
      changed: z.array(scenarioRunChangeSchema),
    }),
    findings: z.object({
      addedCount: z.number().int(),
      removedCount: z.number().int(),
      added: z.array(findingSchema).meta({ description: 'Findings of the branch that main does not have, in rule then subject order; at most 500.' }),
      removed: z.array(findingSchema).meta({ description: 'Findings of main that the branch no longer has, in rule then subject order; at most 500.' }),
    }),
    threads: z.object({
      items: z.array(threadSummarySchema).meta({ description: 'Open threads on the draft, newest first (a variant has none).' }),
      nextCursor: z.string().nullable().meta({ description: 'Continues at `GET P/threads?draftId={branchId}&status=open&cursor=`; null on the last page.' }),
    }),
  })
  .meta({ id: 'BranchReview' });

export type BranchReview = z.infer<typeof branchReviewSchema>;
