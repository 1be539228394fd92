/**
 * The cost sheet API as the costs screens call it (part 1 "Cost sheets and estimates";
 * docs/costs.md): the sheet of a line (main or `?branchId=`), its resources and assumptions,
 * copies, estimates, comparisons, saved estimates and the prices the project uses. Shapes are
 * the contracts' (contracts/costs.ts), read as types only. Amounts, quantities and values are
 * decimal strings: shown as they are, never read into a float.
 */
import type {
  AssumptionKind,
  Comparison,
  ComparisonSide,
  CostAssumption,
  CostResource,
  CostSheet,
  CurrencyAmount,
  CurrencyTotal,
  Estimate,
  PricedLine,
  ProjectPrices,
  ResourceFigure,
  SavedEstimate,
  SavedEstimateSummary,
  UnpricedLine,
  UsageLine,
} from '../../../../contracts/costs';
import { call } from '../../api/call';

export type {
  AssumptionKind,
  Comparison,
  ComparisonSide,
  CostAssumption,
  CostResource,
  CostSheet,
  CurrencyAmount,
  CurrencyTotal,
  Estimate,
  PricedLine,
  ProjectPrices,
  ResourceFigure,
  SavedEstimate,
  SavedEstimateSummary,
  UnpricedLine,
  UsageLine,
};

/** Every assumption kind the API takes, in the service's order (a kind missing here or unknown to it fails the type check). */
const assumptionKindSet: Record<AssumptionKind, true> = { usage: true, quantity: true, rate: true, growth: true, discount: true, other: true };
export const assumptionKinds = Object.keys(assumptionKindSet) as AssumptionKind[];

/** The resource request: every field present (part 1), `id` null for a new one. */
export type ResourceRequest = Omit<CostResource, 'id' | 'factStatus' | 'quantity'> & { id: string | null; quantity: string | null; factStatus: string | null };
export type AssumptionRequest = Omit<CostAssumption, 'id'> & { id: string | null };

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const costsApi = {
  sheet: (projectId: string, branchId: string | null, signal?: AbortSignal) => call('GET /api/projects/{projectId}/costs', { projectId }, { query: { branchId }, ...withSignal(signal) }),
  copy: (projectId: string, branchId: string | null, from: string) => call('POST /api/projects/{projectId}/costs/copy', { projectId }, { query: { branchId }, body: { from } }),
  addResource: (projectId: string, branchId: string | null, body: ResourceRequest) => call('POST /api/projects/{projectId}/costs/resources', { projectId }, { query: { branchId }, body }),
  replaceResource: (projectId: string, branchId: string | null, resourceId: string, body: ResourceRequest) =>
    call('PUT /api/projects/{projectId}/costs/resources/{resourceId}', { projectId, resourceId }, { query: { branchId }, body }),
  deleteResource: (projectId: string, branchId: string | null, resourceId: string) => call('DELETE /api/projects/{projectId}/costs/resources/{resourceId}', { projectId, resourceId }, { query: { branchId } }),
  addAssumption: (projectId: string, branchId: string | null, body: AssumptionRequest) => call('POST /api/projects/{projectId}/costs/assumptions', { projectId }, { query: { branchId }, body }),
  replaceAssumption: (projectId: string, branchId: string | null, assumptionId: string, body: AssumptionRequest) =>
    call('PUT /api/projects/{projectId}/costs/assumptions/{assumptionId}', { projectId, assumptionId }, { query: { branchId }, body }),
  deleteAssumption: (projectId: string, branchId: string | null, assumptionId: string) =>
    call('DELETE /api/projects/{projectId}/costs/assumptions/{assumptionId}', { projectId, assumptionId }, { query: { branchId } }),
  estimate: (projectId: string, branchId: string | null, asOf: string | null, signal?: AbortSignal) => call('GET /api/projects/{projectId}/costs/estimate', { projectId }, { query: { branchId, asOf }, ...withSignal(signal) }),
  compare: (projectId: string, query: { left: string; right: string; asOf: string | null }, signal?: AbortSignal) => call('GET /api/projects/{projectId}/costs/compare', { projectId }, { query, ...withSignal(signal) }),
  /** Every saved estimate of the project (no `branchId`: those of every line). */
  savedList: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/costs/estimates', { projectId }, withSignal(signal)),
  save: (projectId: string, branchId: string | null, body: { name: string | null; asOf: string | null }) => call('POST /api/projects/{projectId}/costs/estimates', { projectId }, { query: { branchId }, body }),
  saved: (projectId: string, estimateId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/costs/estimates/{estimateId}', { projectId, estimateId }, withSignal(signal)),
  deleteSaved: (projectId: string, estimateId: string) => call('DELETE /api/projects/{projectId}/costs/estimates/{estimateId}', { projectId, estimateId }),
  prices: (projectId: string, asOf: string | null, signal?: AbortSignal) => call('GET /api/projects/{projectId}/costs/prices', { projectId }, { query: { asOf }, ...withSignal(signal) }),
};

/** Why a resource has no price, in words (the API's `reason` codes; its `detail` says more). */
export const unpricedReasonText: Record<UnpricedLine['reason'], string> = {
  'price-not-found': 'its price is not among the workspace prices',
  'price-not-yet-in-force': 'its price takes effect later',
  'no-sku': 'no price named and no SKU to look one up',
  'no-matching-price': 'no workspace price matches',
  'assumption-without-value': 'an assumption it uses has no value',
};
