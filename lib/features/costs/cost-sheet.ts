import type { CostAssumption as CostAssumptionAnswer, CostResource as CostResourceAnswer, CostSheet as CostSheetAnswer, UsageLine as UsageLineAnswer } from '../../../contracts/costs';

/**
 * A cost sheet and its records as the API shows them (docs/costs.md "The cost sheet"). Amounts
 * and quantities are canonical decimal strings (lib/platform/money), dates `YYYY-MM-DD`, IDs lower case.
 */

export { assumptionKinds, type AssumptionKind } from '../../../contracts/costs';

/** Limits of one sheet and of a project's saved estimates (docs/costs.md "Limits"). */
export const costLimits = Object.freeze({
  resourcesPerSheet: 5000,
  assumptionsPerSheet: 1000,
  usageLinesPerResource: 20,
  savedEstimatesPerProject: 500,
});

/**
 * One factor of a resource's monthly use: a quantity given here, or the value of an assumption
 * of the same sheet (exactly one of the two). The records and the sheet are those the API
 * answers (contracts/costs.ts).
 */
export type UsageLine = UsageLineAnswer;
export type CostResource = CostResourceAnswer;
export type CostAssumption = CostAssumptionAnswer;

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

/** A line's sheet as the API answers it. */
export type CostSheet = CostSheetAnswer;

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
