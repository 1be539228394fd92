/**
 * The cost sheet API as the costs screens call it (part 1 "Cost sheets and estimates";
 * docs/costs.md): the sheet of a line (main or `?branchId=`), its resources and assumptions,
 * copies, estimates, comparisons, saved estimates and the prices the project uses. Shapes are
 * copied from lib/features/costs (the client is built apart from the server). Amounts, quantities and
 * values are decimal strings: shown as they are, never read into a float.
 */
import type { AssumptionKind } from '../../../../lib/features/costs/cost-sheet';
import { api } from '../../api/client';
import type { Provenance } from '../../components/truth-badges';
import type { PriceEntry } from '../prices/prices-api';

export { assumptionKinds } from '../../../../lib/features/costs/cost-sheet';
export type { AssumptionKind } from '../../../../lib/features/costs/cost-sheet';

export interface UsageLine {
  label: string;
  quantity: string | null;
  assumptionId: string | null;
  unit: string | null;
}

export interface CostResource {
  id: string;
  elementId: string;
  name: string;
  category: string;
  provider: string;
  region: string | null;
  sku: string | null;
  quantity: string | null;
  unit: string | null;
  priceRef: string | null;
  usage: UsageLine[] | null;
  factStatus: string;
  provenance: Provenance | null;
}

export interface CostAssumption {
  id: string;
  name: string;
  kind: AssumptionKind;
  subjectId: string | null;
  value: string | null;
  unit: string;
  label: string;
  source: string | null;
  effectiveDate: string;
}

export interface CostSheet {
  projectId: string;
  branchId: string | null;
  revisionId: string | null;
  version: number;
  resources: CostResource[];
  assumptions: CostAssumption[];
  updatedAt: string | null;
}

/** The resource request: every field present (part 1), `id` null for a new one. */
export type ResourceRequest = Omit<CostResource, 'id' | 'factStatus' | 'quantity'> & { id: string | null; quantity: string | null; factStatus: string | null };
export type AssumptionRequest = Omit<CostAssumption, 'id'> & { id: string | null };

export interface CurrencyAmount {
  currency: string;
  monthlyCost: string;
}

export interface CurrencyTotal extends CurrencyAmount {
  lineCount: number;
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
  quantityDefaulted: boolean;
  unit: string | null;
  usage: { label: string; quantity: string; assumptionId: string | null; unit: string | null }[];
  assumptionIds: string[];
  priceId: string;
  priceOrigin: 'priceRef' | 'lookup';
  unitPrice: string;
  currency: string;
  priceUnit: string;
  effectiveDate: string;
  stale: boolean;
  monthlyCost: string;
  factStatus: string;
}

export interface UnpricedLine {
  resourceId: string;
  elementId: string;
  name: string;
  category: string;
  reason: 'price-not-found' | 'price-not-yet-in-force' | 'no-sku' | 'no-matching-price' | 'assumption-without-value';
  detail: string;
  priceId: string | null;
  assumptionIds: string[];
}

export interface Estimate {
  projectId: string;
  line: string;
  branchId: string | null;
  revisionId: string | null;
  asOf: string;
  sheetVersion: number;
  modelVersion: number;
  currency: string;
  stalePriceAfterDays: number;
  truthNote: string;
  totals: CurrencyTotal[];
  byElement: { elementId: string; totals: CurrencyAmount[]; unpricedCount: number }[];
  lines: PricedLine[];
  unpriced: UnpricedLine[];
  staleCount: number;
}

export type ResourceFigure =
  | { priced: true; monthlyCost: string; currency: string; priceId: string; effectiveDate: string; stale: boolean }
  | { priced: false; reason: UnpricedLine['reason']; detail: string };

export interface ComparisonSide {
  line: string;
  branchId: string | null;
  revisionId: string | null;
  sheetVersion: number;
  modelVersion: number;
  totals: CurrencyTotal[];
  unpricedCount: number;
  staleCount: number;
}

export interface Comparison {
  projectId: string;
  asOf: string;
  currency: string;
  stalePriceAfterDays: number;
  truthNote: string;
  left: ComparisonSide;
  right: ComparisonSide;
  resources: {
    resourceId: string;
    name: string;
    elementId: string;
    change: 'added' | 'removed' | 'changed' | 'unchanged';
    left: ResourceFigure | null;
    right: ResourceFigure | null;
    difference: CurrencyAmount[] | null;
  }[];
  totalsDifference: CurrencyAmount[];
}

export interface SavedEstimateSummary {
  id: string;
  line: string;
  branchId: string | null;
  name: string | null;
  asOf: string;
  sheetVersion: number;
  modelVersion: number;
  totals: CurrencyTotal[];
  unpricedCount: number;
  staleCount: number;
  createdBy: string;
  createdAt: string;
}

export interface SavedEstimate {
  id: string;
  projectId: string;
  line: string;
  branchId: string | null;
  name: string | null;
  asOf: string;
  createdBy: string;
  createdAt: string;
  estimate: Estimate;
}

export interface ProjectPrices {
  asOf: string;
  items: {
    price: PriceEntry;
    usedBy: { line: string; branchId: string | null; revisionId: string | null; resourceId: string; resourceName: string; elementId: string; priceOrigin: 'priceRef' | 'lookup' }[];
  }[];
}

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/costs`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const costsApi = {
  sheet: (projectId: string, branchId: string | null, signal?: AbortSignal) => api.get<CostSheet>(base(projectId), { query: { branchId }, ...withSignal(signal) }),
  copy: (projectId: string, branchId: string | null, from: string) => api.post<CostSheet>(`${base(projectId)}/copy`, { from }, { query: { branchId } }),
  addResource: (projectId: string, branchId: string | null, body: ResourceRequest) => api.post<CostSheet>(`${base(projectId)}/resources`, body, { query: { branchId } }),
  replaceResource: (projectId: string, branchId: string | null, id: string, body: ResourceRequest) => api.put<CostSheet>(`${base(projectId)}/resources/${encodeURIComponent(id)}`, body, { query: { branchId } }),
  deleteResource: (projectId: string, branchId: string | null, id: string) => api.delete<CostSheet>(`${base(projectId)}/resources/${encodeURIComponent(id)}`, { query: { branchId } }),
  addAssumption: (projectId: string, branchId: string | null, body: AssumptionRequest) => api.post<CostSheet>(`${base(projectId)}/assumptions`, body, { query: { branchId } }),
  replaceAssumption: (projectId: string, branchId: string | null, id: string, body: AssumptionRequest) => api.put<CostSheet>(`${base(projectId)}/assumptions/${encodeURIComponent(id)}`, body, { query: { branchId } }),
  deleteAssumption: (projectId: string, branchId: string | null, id: string) => api.delete<CostSheet>(`${base(projectId)}/assumptions/${encodeURIComponent(id)}`, { query: { branchId } }),
  estimate: (projectId: string, branchId: string | null, asOf: string | null, signal?: AbortSignal) => api.get<Estimate>(`${base(projectId)}/estimate`, { query: { branchId, asOf }, ...withSignal(signal) }),
  compare: (projectId: string, query: { left: string; right: string; asOf: string | null }, signal?: AbortSignal) => api.get<Comparison>(`${base(projectId)}/compare`, { query, ...withSignal(signal) }),
  /** Every saved estimate of the project (no `branchId`: those of every line). */
  savedList: (projectId: string, signal?: AbortSignal) => api.get<{ items: SavedEstimateSummary[] }>(`${base(projectId)}/estimates`, withSignal(signal)),
  save: (projectId: string, branchId: string | null, body: { name: string | null; asOf: string | null }) => api.post<SavedEstimate>(`${base(projectId)}/estimates`, body, { query: { branchId } }),
  saved: (projectId: string, estimateId: string, signal?: AbortSignal) => api.get<SavedEstimate>(`${base(projectId)}/estimates/${encodeURIComponent(estimateId)}`, withSignal(signal)),
  deleteSaved: (projectId: string, estimateId: string) => api.delete<void>(`${base(projectId)}/estimates/${encodeURIComponent(estimateId)}`),
  prices: (projectId: string, asOf: string | null, signal?: AbortSignal) => api.get<ProjectPrices>(`${base(projectId)}/prices`, { query: { asOf }, ...withSignal(signal) }),
};

/** Why a resource has no price, in words (the API's `reason` codes; its `detail` says more). */
export const unpricedReasonText: Record<UnpricedLine['reason'], string> = {
  'price-not-found': 'its price is not among the workspace prices',
  'price-not-yet-in-force': 'its price takes effect later',
  'no-sku': 'no price named and no SKU to look one up',
  'no-matching-price': 'no workspace price matches',
  'assumption-without-value': 'an assumption it uses has no value',
};
