import { z } from 'zod';
import { calendarDate } from '../../lib/platform/calendar/calendar-date';
import { assumptionKinds, costLimits } from '../../lib/features/costs/cost-sheet';
import { displayName, guidText } from '../../lib/platform/http/common-schemas';
import { decimalAmount } from '../../lib/platform/money/exact-decimal';
import { factStatuses } from '../../lib/core/model/model-records';
import { checkProvenanceForLabel } from '../../lib/core/model/model-rules';
import { readProvenance } from '../../lib/core/model/record-schemas';

/**
 * Bodies and queries of the cost endpoints (part 1 "Cost sheets and estimates"; every limit and
 * rule in docs/costs.md "Requests"). All body fields are required: a missing one is
 * `is required`, null only where the spec allows it.
 */

/** Characters of the texts of a sheet. */
export const costTextLimits = Object.freeze({ name: 200, category: 100, provider: 100, region: 100, sku: 500, unit: 100, label: 200, source: 2000 });

/**
 * A member the body must hold (null allowed only when `schema` takes it). A transform in front, not a
 * refinement of z.any(): the request's JSON Schema (docs/openapi.md) is then `schema`'s own, required.
 */
function required<S extends z.ZodType>(schema: S) {
  return z
    .transform((value: unknown, ctx): unknown => {
      if (value !== undefined) return value;
      ctx.issues.push({ code: 'custom', message: 'is required', input: value });
      return z.NEVER;
    })
    .pipe(schema);
}

const id = guidText.transform((value) => value.toLowerCase());

const usageLine = z
  .strictObject(
    {
      label: required(displayName(costTextLimits.label)),
      quantity: required(decimalAmount.nullable()),
      assumptionId: required(id.nullable()),
      unit: required(displayName(costTextLimits.unit).nullable()),
    },
    'must be an object',
  )
  .superRefine((line, ctx) => {
    if ((line.quantity === null) === (line.assumptionId === null)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'exactly one of quantity and assumptionId must be given (the other null)' });
    }
  });

/** The provenance of a fact, read by the model's own reader (lib/core/model/record-schemas.ts). */
const provenanceInput = z.unknown().meta({ description: 'null, or the provenance of the fact (the model\'s Provenance).' }).transform((value, ctx) => {
  const read = readProvenance(value, 'provenance');
  if (read.ok) return read.provenance;
  for (const reason of read.reasons) {
    const [path, ...sentence] = reason.split(': ');
    ctx.addIssue({ code: 'custom', path: path!.split('.').slice(1), message: sentence.join(': ') });
  }
  return z.NEVER;
});

/** POST and PUT …/costs/resources[/{id}]. */
export const resourceRequest = z
  .strictObject(
    {
      id: required(id.nullable()),
      elementId: required(id),
      name: required(displayName(costTextLimits.name)),
      category: required(displayName(costTextLimits.category)),
      provider: required(displayName(costTextLimits.provider)),
      region: required(displayName(costTextLimits.region).nullable()),
      sku: required(displayName(costTextLimits.sku).nullable()),
      quantity: required(decimalAmount.nullable()),
      unit: required(displayName(costTextLimits.unit).nullable()),
      priceRef: required(id.nullable()),
      usage: required(z.array(usageLine, 'must be a list of usage lines or null').max(costLimits.usageLinesPerResource, `must hold at most ${costLimits.usageLinesPerResource} usage lines`).nullable()),
      factStatus: required(z.enum(factStatuses, `must be one of ${factStatuses.join(', ')}, or null`).nullable()),
      provenance: required(provenanceInput),
    },
    'must be an object',
  )
  .transform((body) => ({ ...body, factStatus: body.factStatus ?? 'declared' }))
  .superRefine((body, ctx) => {
    // Part 1 "Provenance rules by label", as for the model's facts.
    for (const reason of checkProvenanceForLabel({ factStatus: body.factStatus, provenance: body.provenance, stale: null })) {
      const [path, ...sentence] = reason.split(': ');
      ctx.addIssue({ code: 'custom', path: path!.split('.'), message: sentence.join(': ') });
    }
  });
export type ResourceRequest = z.infer<typeof resourceRequest>;

/** POST and PUT …/costs/assumptions[/{id}]. */
export const assumptionRequest = z
  .strictObject(
    {
      id: required(id.nullable()),
      name: required(displayName(costTextLimits.name)),
      kind: required(z.enum(assumptionKinds, `must be one of ${assumptionKinds.join(', ')}`)),
      subjectId: required(id.nullable()),
      value: required(decimalAmount.nullable()),
      unit: required(displayName(costTextLimits.unit)),
      label: required(z.enum(factStatuses, `must be one of ${factStatuses.join(', ')}`)),
      source: required(displayName(costTextLimits.source).nullable()),
      effectiveDate: required(calendarDate),
    },
    'must be an object',
  )
  .superRefine((body, ctx) => {
    // As provenance.source for a fact: a value that is not declared (or unknown) says where it came from.
    if (body.source === null && (body.label === 'observed-in-source' || body.label === 'inferred' || body.label === 'measured')) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: `is required when label is ${body.label}` });
    }
  });
export type AssumptionRequest = z.infer<typeof assumptionRequest>;

/** POST …/costs/copy. */
export const copyRequest = z.strictObject({ from: required(z.string('must be a string').min(1, 'must not be empty').max(100, 'must be "main" or a uuid')) }, 'must be an object');

/** POST …/costs/estimates. */
export const saveEstimateRequest = z.strictObject({ name: required(displayName(costTextLimits.name).nullable()), asOf: required(calendarDate.nullable()) }, 'must be an object');

/** An optional ID in the query: null when left out. */
const queryId = id.optional().transform((v) => v ?? null);
const asOf = calendarDate.optional().transform((v) => v ?? null);

/** `?branchId=` of every cost endpoint that takes it. */
export const branchQuery = z.strictObject({ branchId: queryId });
/** GET …/costs: a branch, or a revision's frozen sheet. */
export const sheetQuery = z.strictObject({ branchId: queryId, revisionId: queryId });
/** GET …/costs/estimate. */
export const estimateQuery = z.strictObject({ branchId: queryId, revisionId: queryId, asOf });
/** GET …/costs/compare: no branchId. */
export const compareQuery = z.strictObject({
  left: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must be "main" or the ID of a branch or revision'),
  right: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') }).min(1, 'must be "main" or the ID of a branch or revision'),
  asOf,
});
/** GET …/costs/prices: no branchId. */
export const pricesQuery = z.strictObject({ asOf });
