/**
 * What the cost endpoints of a project answer (part 1 "Cost sheets and estimates"; docs/costs.md):
 * the sheet with its resources and assumptions, estimates, comparisons, saved estimates and the
 * prices the project uses. One zod schema per answer, its type made from it; the server answers
 * with these types and the web client reads them. Amounts, quantities and values are exact
 * decimal text.
 */
import { z } from 'zod';
import { factStatusSchema, provenanceSchema } from './facts';
import { decimalText, priceEntrySchema } from './prices';
import { calendarDate, guid, listOf, timestamp } from './schema-kit';

/** What an assumption is about. The estimate reads only the values usage lines name; the kind says what a value means to a reader. */
export const assumptionKinds = ['usage', 'quantity', 'rate', 'growth', 'discount', 'other'] as const;
export type AssumptionKind = (typeof assumptionKinds)[number];

/** Why a resource has no price in an estimate (docs/costs.md "Estimates"). */
export const unpricedReasons = ['price-not-found', 'price-not-yet-in-force', 'no-sku', 'no-matching-price', 'assumption-without-value'] as const;
export type UnpricedReason = (typeof unpricedReasons)[number];

const usageLine = z.object({ label: z.string(), quantity: decimalText.nullable(), assumptionId: guid.nullable(), unit: z.string().nullable() });

export const costResourceSchema = z
  .object({
    id: guid,
    elementId: guid,
    name: z.string(),
    category: z.string(),
    provider: z.string(),
    region: z.string().nullable(),
    sku: z.string().nullable(),
    quantity: decimalText.nullable().meta({ description: 'Null counts as 1 in an estimate.' }),
    unit: z.string().nullable(),
    priceRef: guid.nullable(),
    usage: z.array(usageLine).nullable(),
    factStatus: factStatusSchema,
    provenance: provenanceSchema.nullable(),
  })
  .meta({ id: 'CostResource' });

export const costAssumptionSchema = z
  .object({
    id: guid,
    name: z.string(),
    kind: z.enum(assumptionKinds),
    subjectId: guid.nullable(),
    value: decimalText.nullable(),
    unit: z.string(),
    label: factStatusSchema,
    source: z.string().nullable(),
    effectiveDate: calendarDate,
  })
  .meta({ id: 'CostAssumption' });

export const costSheetSchema = z
  .object({
    projectId: guid,
    branchId: guid.nullable(),
    revisionId: guid.nullable(),
    version: z.number().int(),
    updatedAt: timestamp.nullable(),
    resources: z.array(costResourceSchema),
    assumptions: z.array(costAssumptionSchema),
  })
  .meta({ id: 'CostSheet' });

const currencyAmount = z.object({ currency: z.string(), monthlyCost: decimalText });
const currencyTotal = currencyAmount.extend({ lineCount: z.number().int() });
const line = z.string().meta({ description: '`main`, or the ID of the branch or revision.' });

const estimateFigures = {
  totals: z.array(currencyTotal),
  byElement: z.array(z.object({ elementId: guid, totals: z.array(currencyAmount), unpricedCount: z.number().int() })),
  lines: z.array(
    z.object({
      resourceId: guid,
      elementId: guid,
      name: z.string(),
      category: z.string(),
      provider: z.string(),
      region: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: decimalText,
      quantityDefaulted: z.boolean(),
      unit: z.string().nullable(),
      usage: z.array(z.object({ label: z.string(), quantity: decimalText, assumptionId: guid.nullable(), unit: z.string().nullable() })),
      assumptionIds: z.array(guid),
      priceId: guid,
      priceOrigin: z.enum(['priceRef', 'lookup']),
      unitPrice: decimalText,
      currency: z.string(),
      priceUnit: z.string(),
      effectiveDate: calendarDate,
      stale: z.boolean(),
      monthlyCost: decimalText,
      factStatus: factStatusSchema,
    }),
  ),
  unpriced: z.array(
    z.object({ resourceId: guid, elementId: guid, name: z.string(), category: z.string(), reason: z.enum(unpricedReasons), detail: z.string(), priceId: guid.nullable(), assumptionIds: z.array(guid) }),
  ),
  staleCount: z.number().int(),
};

export const estimateSchema = z
  .object({
    projectId: guid,
    line,
    branchId: guid.nullable(),
    revisionId: guid.nullable(),
    asOf: calendarDate,
    sheetVersion: z.number().int(),
    modelVersion: z.number().int(),
    currency: z.string(),
    stalePriceAfterDays: z.number().int(),
    truthNote: z.string(),
    ...estimateFigures,
  })
  .meta({ id: 'Estimate' });

const resourceFigure = z.union([
  z.object({ priced: z.literal(true), monthlyCost: decimalText, currency: z.string(), priceId: guid, effectiveDate: calendarDate, stale: z.boolean() }),
  z.object({ priced: z.literal(false), reason: z.enum(unpricedReasons), detail: z.string() }),
]);
const comparisonSide = z.object({
  line,
  branchId: guid.nullable(),
  revisionId: guid.nullable(),
  sheetVersion: z.number().int(),
  modelVersion: z.number().int(),
  totals: z.array(currencyTotal),
  unpricedCount: z.number().int(),
  staleCount: z.number().int(),
});

export const comparisonSchema = z.object({
  projectId: guid,
  asOf: calendarDate,
  currency: z.string(),
  stalePriceAfterDays: z.number().int(),
  truthNote: z.string(),
  left: comparisonSide,
  right: comparisonSide,
  resources: z.array(
    z.object({
      resourceId: guid,
      name: z.string(),
      elementId: guid,
      change: z.enum(['added', 'removed', 'changed', 'unchanged']),
      left: resourceFigure.nullable(),
      right: resourceFigure.nullable(),
      difference: z.array(currencyAmount).nullable(),
    }),
  ),
  totalsDifference: z.array(currencyAmount),
});

export const savedEstimateSchema = z.object({ id: guid, projectId: guid, line, branchId: guid.nullable(), name: z.string().nullable(), asOf: calendarDate, createdBy: z.string(), createdAt: timestamp, estimate: estimateSchema });

export const savedEstimateSummarySchema = z.object({
  id: guid,
  line,
  branchId: guid.nullable(),
  name: z.string().nullable(),
  asOf: calendarDate,
  sheetVersion: z.number().int(),
  modelVersion: z.number().int(),
  totals: z.array(currencyTotal),
  unpricedCount: z.number().int(),
  staleCount: z.number().int(),
  createdBy: z.string(),
  createdAt: timestamp,
});

export const projectPriceSchema = z.object({
  price: priceEntrySchema,
  usedBy: z.array(
    z.object({ line, branchId: guid.nullable(), revisionId: guid.nullable(), resourceId: guid, resourceName: z.string(), elementId: guid, priceOrigin: z.enum(['priceRef', 'lookup']) }),
  ),
});

export type CostResource = z.infer<typeof costResourceSchema>;
export type UsageLine = NonNullable<CostResource['usage']>[number];
export type CostAssumption = z.infer<typeof costAssumptionSchema>;
/** `GET`, and every change of, `P/costs`: the whole sheet of a line. */
export type CostSheet = z.infer<typeof costSheetSchema>;
/** `GET P/costs/estimate`. */
export type Estimate = z.infer<typeof estimateSchema>;
export type CurrencyAmount = Estimate['byElement'][number]['totals'][number];
export type CurrencyTotal = Estimate['totals'][number];
export type PricedLine = Estimate['lines'][number];
export type UnpricedLine = Estimate['unpriced'][number];
/** `GET P/costs/compare`. */
export type Comparison = z.infer<typeof comparisonSchema>;
export type ComparisonSide = Comparison['left'];
export type ResourceComparison = Comparison['resources'][number];
export type ResourceFigure = NonNullable<ResourceComparison['left']>;
export type SavedEstimate = z.infer<typeof savedEstimateSchema>;
export type SavedEstimateSummary = z.infer<typeof savedEstimateSummarySchema>;
export type ProjectPrice = z.infer<typeof projectPriceSchema>;

/** `GET P/costs/estimates`: the saved estimates of the project. */
export const savedEstimatesList = listOf(savedEstimateSummarySchema);

/** `GET P/costs/prices`: the workspace prices the project's sheets use, on `asOf`. */
export const projectPricesSchema = z.object({ asOf: calendarDate, items: z.array(projectPriceSchema) });
export type ProjectPrices = z.infer<typeof projectPricesSchema>;
