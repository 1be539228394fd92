import type { EstimateFigures } from './estimate-engine';

/** An estimate as the API answers it (docs/costs.md "Estimates"). */
export interface Estimate extends EstimateFigures {
  projectId: string;
  /** `main`, or the ID of the branch or revision. */
  line: string;
  branchId: string | null;
  revisionId: string | null;
  asOf: string;
  sheetVersion: number;
  modelVersion: number;
  /** The settings the estimate was made under: `cost.currency` (preferred in lookups) and `cost.stalePriceAfterDays`. */
  currency: string;
  stalePriceAfterDays: number;
  truthNote: string;
}
