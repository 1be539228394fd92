/**
 * Cost sheets, estimates and comparisons as zod schemas, for the OpenAPI
 * document and the contract test (docs/openapi.md); each checked against
 * the type the code answers with.
 */
import { z } from 'zod';
import { factStatusSchema, provenanceSchema } from '../../core/model/record-answer-schemas';
import { calendarDate, describes, guid, timestamp } from '../../../contracts/schema-kit';
import { decimalText, priceEntrySchema } from '../prices/price-answer-schema';
import type { Comparison } from './compare-estimates';
import { assumptionKinds, type CostSheet } from './cost-sheet';
import { unpricedReasons } from './estimate-engine';
import type { Estimate } from './estimate';
import type { ProjectPrice } from './project-prices';
import type { SavedEstimate, SavedEstimateSummary } from './saved-estimate-store';

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

export const costSheetSchema = describes<CostSheet>()(
  z
    .object({
      projectId: guid,
      branchId: guid.nullable(),
      revisionId: guid.nullable(),
      version: z.number().int(),
      updatedAt: timestamp.nullable(),
      resources: z.array(costResourceSchema),
      assumptions: z.array(costAssumptionSchema),
    })
    .meta({ id: 'CostSheet' }),
);

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

export const estimateSchema = describes<Estimate>()(
  z
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
    .meta({ id: 'Estimate' }),
);

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

export const comparisonSchema = describes<Comparison>()(
  z.object({
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
  }),
);

export const savedEstimateSchema = describes<SavedEstimate>()(
  z.object({ id: guid, projectId: guid, line, branchId: guid.nullable(), name: z.string().nullable(), asOf: calendarDate, createdBy: z.string(), createdAt: timestamp, estimate: estimateSchema }),
);

export const savedEstimateSummarySchema = describes<SavedEstimateSummary>()(
  z.object({
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
  }),
);

export const projectPriceSchema = describes<ProjectPrice>()(
  z.object({
    price: priceEntrySchema,
    usedBy: z.array(
      z.object({ line, branchId: guid.nullable(), revisionId: guid.nullable(), resourceId: guid, resourceName: z.string(), elementId: guid, priceOrigin: z.enum(['priceRef', 'lookup']) }),
    ),
  }),
);
