import type { FactStatus, Provenance } from '../../core/model/model-records';

/**
 * A cost sheet and its records as the API shows them (docs/costs.md "The cost sheet"). Amounts
 * and quantities are canonical decimal strings (lib/platform/money), dates `YYYY-MM-DD`, IDs lower case.
 */

/** What an assumption is about. The estimate reads only the values usage lines name; the kind says what a value means to a reader. */
export const assumptionKinds = ['usage', 'quantity', 'rate', 'growth', 'discount', 'other'] as const;
export type AssumptionKind = (typeof assumptionKinds)[number];

/** Limits of one sheet and of a project's saved estimates (docs/costs.md "Limits"). */
export const costLimits = Object.freeze({
  resourcesPerSheet: 5000,
  assumptionsPerSheet: 1000,
  usageLinesPerResource: 20,
  savedEstimatesPerProject: 500,
});

/**
 * One factor of a resource's monthly use: a quantity given here, or the value of an assumption
 * of the same sheet (exactly one of the two).
 */
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
  /** Null counts as 1 in an estimate. */
  quantity: string | null;
  unit: string | null;
  priceRef: string | null;
  usage: UsageLine[] | null;
  factStatus: FactStatus;
  provenance: Provenance | null;
}

export interface CostAssumption {
  id: string;
  name: string;
  kind: AssumptionKind;
  /** An element of the line's model or a resource of the sheet, or null. */
  subjectId: string | null;
  /** Null: not known yet (a usage line naming it leaves its resource unpriced). */
  value: string | null;
  unit: string;
  /** The truth label of the value (part 1 "Truth label"). */
  label: FactStatus;
  source: string | null;
  effectiveDate: string;
}

/** The records of a sheet, in sheet order. */
export interface SheetRecords {
  resources: CostResource[];
  assumptions: CostAssumption[];
}

/** Which line of the model a sheet belongs to: main, a branch (draft or variant) or a revision. */
export interface CostLine {
  streamId: string;
  projectId: string;
  kind: 'main' | 'draft' | 'variant' | 'revision';
  modelVersion: number;
}

export interface CostSheet extends SheetRecords {
  projectId: string;
  /** Null for main and for a revision. */
  branchId: string | null;
  /** Set only when a revision's frozen sheet is read. */
  revisionId: string | null;
  /** 0 for a sheet never changed. */
  version: number;
  updatedAt: string | null;
}

/** `main`, or the ID of the branch or revision: how saved estimates and comparisons name a line. */
export function lineName(line: CostLine): string {
  return line.kind === 'main' ? 'main' : line.streamId;
}

export function lineIds(line: CostLine): { branchId: string | null; revisionId: string | null } {
  return {
    branchId: line.kind === 'draft' || line.kind === 'variant' ? line.streamId : null,
    revisionId: line.kind === 'revision' ? line.streamId : null,
  };
}

/** The IDs of the assumptions a resource's usage lines name, each once, in usage order. */
export function assumptionIdsOf(resource: Pick<CostResource, 'usage'>): string[] {
  const ids: string[] = [];
  for (const line of resource.usage ?? []) if (line.assumptionId !== null && !ids.includes(line.assumptionId)) ids.push(line.assumptionId);
  return ids;
}

/** The sheet of a line as the API answers it. */
export function costSheetOf(line: CostLine, stored: SheetRecords & { version: number; updatedAt: string | null }): CostSheet {
  return { projectId: line.projectId, ...lineIds(line), version: stored.version, resources: stored.resources, assumptions: stored.assumptions, updatedAt: stored.updatedAt };
}
