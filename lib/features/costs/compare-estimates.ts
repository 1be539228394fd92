import type { Comparison as ComparisonAnswer, ComparisonSide as ComparisonSideAnswer, ResourceComparison as ResourceComparisonAnswer, ResourceFigure as ResourceFigureAnswer } from '../../../contracts/costs';
import { isDeepStrictEqual } from 'node:util';
import { decimalText, ExactDecimal, sumOf } from '../../platform/money/exact-decimal';
import type { CostResource } from './cost-sheet';
import type { CurrencyAmount, EstimateFigures } from './estimate-engine';
import type { Estimate } from './estimate';

/**
 * Two lines' estimates side by side, resource by resource (matched by resource ID) and in total
 * per currency (docs/costs.md "Compare"). Pure.
 */

export type ResourceFigure = ResourceFigureAnswer;
export type ResourceComparison = ResourceComparisonAnswer;

export interface ComparedSide {
  resources: readonly CostResource[];
  figures: EstimateFigures;
}

function figuresByResource(figures: EstimateFigures): Map<string, ResourceFigure> {
  const map = new Map<string, ResourceFigure>();
  for (const line of figures.lines) {
    map.set(line.resourceId, { priced: true, monthlyCost: line.monthlyCost, currency: line.currency, priceId: line.priceId, effectiveDate: line.effectiveDate, stale: line.stale });
  }
  for (const line of figures.unpriced) map.set(line.resourceId, { priced: false, reason: line.reason, detail: line.detail });
  return map;
}

/** right − left per currency of either side, sorted by currency; a currency only one side has counts 0 on the other. */
export function differenceOf(left: readonly CurrencyAmount[], right: readonly CurrencyAmount[]): CurrencyAmount[] {
  const amounts = new Map<string, ExactDecimal[]>();
  const add = (currency: string, amount: ExactDecimal) => amounts.set(currency, [...(amounts.get(currency) ?? []), amount]);
  for (const a of left) add(a.currency, new ExactDecimal(a.monthlyCost).negated());
  for (const a of right) add(a.currency, new ExactDecimal(a.monthlyCost));
  return [...amounts.keys()].sort().map((currency) => ({ currency, monthlyCost: decimalText(sumOf(amounts.get(currency)!)) }));
}

const asAmounts = (figure: ResourceFigure | null): CurrencyAmount[] | null => {
  if (figure === null) return [];
  return figure.priced ? [{ currency: figure.currency, monthlyCost: figure.monthlyCost }] : null;
};

export function compareResources(left: ComparedSide, right: ComparedSide): ResourceComparison[] {
  const leftFigures = figuresByResource(left.figures);
  const rightFigures = figuresByResource(right.figures);
  const rightById = new Map(right.resources.map((r) => [r.id, r]));
  const leftIds = new Set(left.resources.map((r) => r.id));
  const compared: ResourceComparison[] = [];
  const entry = (resource: CostResource, l: CostResource | undefined, r: CostResource | undefined): ResourceComparison => {
    const leftFigure = l ? leftFigures.get(l.id)! : null;
    const rightFigure = r ? rightFigures.get(r.id)! : null;
    const change = !l ? 'added' : !r ? 'removed' : isDeepStrictEqual(l, r) && isDeepStrictEqual(leftFigure, rightFigure) ? 'unchanged' : 'changed';
    const leftAmounts = asAmounts(leftFigure);
    const rightAmounts = asAmounts(rightFigure);
    const difference = leftAmounts === null || rightAmounts === null ? null : differenceOf(leftAmounts, rightAmounts);
    return { resourceId: resource.id, name: resource.name, elementId: resource.elementId, change, left: leftFigure, right: rightFigure, difference };
  };
  for (const l of left.resources) {
    const r = rightById.get(l.id);
    compared.push(entry(r ?? l, l, r));
  }
  for (const r of right.resources) if (!leftIds.has(r.id)) compared.push(entry(r, undefined, r));
  return compared;
}

/** One side of a comparison, and the comparison, as the API answers them (contracts/costs.ts). */
export type ComparisonSide = ComparisonSideAnswer;
export type Comparison = ComparisonAnswer;

function sideOf(estimate: Estimate): ComparisonSide {
  return {
    line: estimate.line,
    branchId: estimate.branchId,
    revisionId: estimate.revisionId,
    sheetVersion: estimate.sheetVersion,
    modelVersion: estimate.modelVersion,
    totals: estimate.totals,
    unpricedCount: estimate.unpriced.length,
    staleCount: estimate.staleCount,
  };
}

/** Two estimates of the same day side by side. */
export function compareEstimates(left: { estimate: Estimate; resources: readonly CostResource[] }, right: { estimate: Estimate; resources: readonly CostResource[] }): Comparison {
  return {
    projectId: left.estimate.projectId,
    asOf: left.estimate.asOf,
    currency: left.estimate.currency,
    stalePriceAfterDays: left.estimate.stalePriceAfterDays,
    truthNote: left.estimate.truthNote,
    left: sideOf(left.estimate),
    right: sideOf(right.estimate),
    resources: compareResources({ resources: left.resources, figures: left.estimate }, { resources: right.resources, figures: right.estimate }),
    totalsDifference: differenceOf(left.estimate.totals, right.estimate.totals),
  };
}
