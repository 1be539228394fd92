import type { UnpricedReason } from '../../../contracts/costs';
import { decimalText, ExactDecimal, sumOf } from '../../platform/money/exact-decimal';
import type { FactStatus } from '../../core/model/model-records';
import { daysBefore } from '../../platform/calendar/calendar-date';
import { assumptionIdsOf, type CostAssumption, type CostResource } from './cost-sheet';
import type { PriceEntry } from '../prices/price-entry';

/**
 * The estimate engine (pure: no database, no clock). A resource's monthly cost is
 * unitPrice × quantity × the product of its usage lines, with the price in force on `asOf`; a
 * resource without one is listed as unpriced with its reason, never counted as zero. Totals are
 * kept per currency (never converted) and per element. docs/costs.md "Estimates".
 */

/** Said by every estimate, over HTTP and in the agent tool. */
export const estimateTruthNote = 'estimate from declared prices and assumptions, not a bill';

/** How a line found its price: the resource names it (`priceRef`), or it was looked up by provider, region and SKU. */
export type PriceOrigin = 'priceRef' | 'lookup';

export { unpricedReasons, type UnpricedReason } from '../../../contracts/costs';

export interface UsageFactor {
  label: string;
  /** The quantity multiplied in: the line's own, or the value of its assumption. */
  quantity: string;
  assumptionId: string | null;
  unit: string | null;
}

export interface PricedLine {
  resourceId: string;
  elementId: string;
  name: string;
  category: string;
  provider: string;
  region: string | null;
  sku: string | null;
  quantity: string;
  /** True when the resource gives no quantity and 1 was used. */
  quantityDefaulted: boolean;
  unit: string | null;
  usage: UsageFactor[];
  assumptionIds: string[];
  priceId: string;
  priceOrigin: PriceOrigin;
  unitPrice: string;
  currency: string;
  priceUnit: string;
  effectiveDate: string;
  /** The price took effect more than `stalePriceAfterDays` days before `asOf`. */
  stale: boolean;
  monthlyCost: string;
  factStatus: FactStatus;
}

export interface UnpricedLine {
  resourceId: string;
  elementId: string;
  name: string;
  category: string;
  reason: UnpricedReason;
  detail: string;
  /** The price the resource names, or the one a lookup found, when there is one. */
  priceId: string | null;
  assumptionIds: string[];
}

export interface CurrencyAmount {
  currency: string;
  monthlyCost: string;
}

export interface CurrencyTotal extends CurrencyAmount {
  lineCount: number;
}

export interface ElementTotals {
  elementId: string;
  totals: CurrencyAmount[];
  unpricedCount: number;
}

export interface EstimateFigures {
  totals: CurrencyTotal[];
  byElement: ElementTotals[];
  lines: PricedLine[];
  unpriced: UnpricedLine[];
  staleCount: number;
}

export interface EstimateInput {
  resources: readonly CostResource[];
  assumptions: readonly CostAssumption[];
  /** Any set of workspace prices holding at least those the resources name or match. */
  prices: readonly PriceEntry[];
  asOf: string;
  stalePriceAfterDays: number;
  /** `cost.currency`: among matching prices in force, one in this currency is taken first. */
  preferredCurrency: string;
}

/** The prices by ID and by what a lookup matches first (provider and SKU). */
export interface PriceIndex {
  byId: ReadonlyMap<string, PriceEntry>;
  byKey: ReadonlyMap<string, readonly PriceEntry[]>;
}

function lookupKey(provider: string, sku: string): string {
  return `${provider}\u0000${sku}`;
}

export function indexPrices(prices: readonly PriceEntry[]): PriceIndex {
  const byId = new Map<string, PriceEntry>();
  const byKey = new Map<string, PriceEntry[]>();
  for (const price of prices) {
    if (byId.has(price.id)) continue;
    byId.set(price.id, price);
    const key = lookupKey(price.provider, price.sku);
    const list = byKey.get(key);
    if (list) list.push(price);
    else byKey.set(key, [price]);
  }
  return { byId, byKey };
}

export type PriceChoice = { ok: true; price: PriceEntry; origin: PriceOrigin } | { ok: false; reason: UnpricedReason; detail: string; priceId: string | null };

/**
 * Which of two matching prices in force a lookup takes: one in the preferred currency first, then
 * the latest effective date, then the one entered last, then the larger ID (so the choice never
 * depends on the order prices are read in).
 */
function betterPrice(a: PriceEntry, b: PriceEntry, preferredCurrency: string): PriceEntry {
  const aPreferred = a.currency === preferredCurrency;
  if (aPreferred !== (b.currency === preferredCurrency)) return aPreferred ? a : b;
  if (a.effectiveDate !== b.effectiveDate) return a.effectiveDate > b.effectiveDate ? a : b;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? a : b;
  return a.id > b.id ? a : b;
}

/** Of two prices not yet in force, the one named as coming first: the earliest date, then the one entered last, then the larger ID. */
function earlierFuture(a: PriceEntry, b: PriceEntry): boolean {
  if (a.effectiveDate !== b.effectiveDate) return a.effectiveDate < b.effectiveDate;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/** The price a resource uses on `asOf`, or why it has none. */
export function choosePrice(resource: CostResource, index: PriceIndex, asOf: string, preferredCurrency: string): PriceChoice {
  if (resource.priceRef !== null) {
    const price = index.byId.get(resource.priceRef);
    if (!price) return { ok: false, reason: 'price-not-found', detail: `The price ${resource.priceRef} the resource names is not among the workspace prices.`, priceId: resource.priceRef };
    if (price.effectiveDate > asOf) {
      return { ok: false, reason: 'price-not-yet-in-force', detail: `The price ${price.id} the resource names takes effect on ${price.effectiveDate}, after ${asOf}.`, priceId: price.id };
    }
    return { ok: true, price, origin: 'priceRef' };
  }
  if (resource.sku === null) return { ok: false, reason: 'no-sku', detail: 'The resource names neither a price (priceRef) nor a SKU to look one up by.', priceId: null };
  let best: PriceEntry | null = null;
  let firstFuture: PriceEntry | null = null;
  for (const price of index.byKey.get(lookupKey(resource.provider, resource.sku)) ?? []) {
    if (price.region !== resource.region || (resource.unit !== null && price.unit !== resource.unit)) continue;
    if (price.effectiveDate <= asOf) best = best === null ? price : betterPrice(best, price, preferredCurrency);
    else if (firstFuture === null || earlierFuture(price, firstFuture)) firstFuture = price;
  }
  if (best !== null) return { ok: true, price: best, origin: 'lookup' };
  const what = `provider ${JSON.stringify(resource.provider)}, region ${JSON.stringify(resource.region)}, SKU ${JSON.stringify(resource.sku)}${resource.unit === null ? '' : `, unit ${JSON.stringify(resource.unit)}`}`;
  if (firstFuture !== null) {
    return { ok: false, reason: 'price-not-yet-in-force', detail: `The first price for ${what} takes effect on ${firstFuture.effectiveDate}, after ${asOf}.`, priceId: firstFuture.id };
  }
  return { ok: false, reason: 'no-matching-price', detail: `No workspace price for ${what}.`, priceId: null };
}

type UsageResult = { ok: true; factors: UsageFactor[] } | { ok: false; detail: string };

function usageFactors(resource: CostResource, assumptions: ReadonlyMap<string, CostAssumption>): UsageResult {
  const factors: UsageFactor[] = [];
  for (const line of resource.usage ?? []) {
    if (line.assumptionId === null) {
      factors.push({ label: line.label, quantity: line.quantity!, assumptionId: null, unit: line.unit });
      continue;
    }
    const value = assumptions.get(line.assumptionId)?.value ?? null;
    if (value === null) return { ok: false, detail: `The usage line ${JSON.stringify(line.label)} names the assumption ${line.assumptionId}, which has no value.` };
    factors.push({ label: line.label, quantity: value, assumptionId: line.assumptionId, unit: line.unit });
  }
  return { ok: true, factors };
}

function totalsOf(amounts: ReadonlyMap<string, string[]>): CurrencyAmount[] {
  return [...amounts.keys()].sort().map((currency) => ({ currency, monthlyCost: decimalText(sumOf(amounts.get(currency)!)) }));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The estimate of one sheet on one day. */
export function estimateFigures(input: EstimateInput): EstimateFigures {
  const index = indexPrices(input.prices);
  const assumptions = new Map(input.assumptions.map((a) => [a.id, a]));
  const staleBefore = daysBefore(input.asOf, input.stalePriceAfterDays);
  const lines: PricedLine[] = [];
  const unpriced: UnpricedLine[] = [];
  const byCurrency = new Map<string, string[]>();
  const byElement = new Map<string, { amounts: Map<string, string[]>; unpricedCount: number }>();
  const elementEntry = (elementId: string) => {
    let entry = byElement.get(elementId);
    if (!entry) byElement.set(elementId, (entry = { amounts: new Map(), unpricedCount: 0 }));
    return entry;
  };

  for (const resource of input.resources) {
    const assumptionIds = assumptionIdsOf(resource);
    const unpricedLine = (reason: UnpricedReason, detail: string, priceId: string | null) => {
      unpriced.push({ resourceId: resource.id, elementId: resource.elementId, name: resource.name, category: resource.category, reason, detail, priceId, assumptionIds });
      elementEntry(resource.elementId).unpricedCount += 1;
    };
    const choice = choosePrice(resource, index, input.asOf, input.preferredCurrency);
    if (!choice.ok) {
      unpricedLine(choice.reason, choice.detail, choice.priceId);
      continue;
    }
    const usage = usageFactors(resource, assumptions);
    if (!usage.ok) {
      unpricedLine('assumption-without-value', usage.detail, choice.price.id);
      continue;
    }
    const { price } = choice;
    const quantity = resource.quantity ?? '1';
    let cost = new ExactDecimal(price.unitPrice).times(quantity);
    for (const factor of usage.factors) cost = cost.times(factor.quantity);
    const monthlyCost = decimalText(cost);
    lines.push({
      resourceId: resource.id,
      elementId: resource.elementId,
      name: resource.name,
      category: resource.category,
      provider: resource.provider,
      region: resource.region,
      sku: resource.sku,
      quantity,
      quantityDefaulted: resource.quantity === null,
      unit: resource.unit,
      usage: usage.factors,
      assumptionIds,
      priceId: price.id,
      priceOrigin: choice.origin,
      unitPrice: price.unitPrice,
      currency: price.currency,
      priceUnit: price.unit,
      effectiveDate: price.effectiveDate,
      stale: price.effectiveDate < staleBefore,
      monthlyCost,
      factStatus: resource.factStatus,
    });
    push(byCurrency, price.currency, monthlyCost);
    push(elementEntry(resource.elementId).amounts, price.currency, monthlyCost);
  }

  return {
    totals: totalsOf(byCurrency).map((t) => ({ ...t, lineCount: byCurrency.get(t.currency)!.length })),
    byElement: [...byElement.keys()].sort().map((elementId) => {
      const entry = byElement.get(elementId)!;
      return { elementId, totals: totalsOf(entry.amounts), unpricedCount: entry.unpricedCount };
    }),
    lines,
    unpriced,
    staleCount: lines.filter((l) => l.stale).length,
  };
}
