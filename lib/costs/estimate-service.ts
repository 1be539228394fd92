import type { Kysely } from 'kysely';
import type { Profile } from '../config/service-config';
import type { Database } from '../db/schema';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { lineIds, lineName, type CostLine } from './cost-sheet';
import { readSheet, type StoredSheet } from './cost-sheet-store';
import { estimateFigures, estimateTruthNote, type EstimateFigures } from './estimate-engine';
import { priceCandidates } from './price-candidates';
import { compareEstimates, type Comparison } from './compare-estimates';

export interface CostContext {
  db: Kysely<Database>;
  profile: Profile;
}

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

/** The cost settings an estimate reads, from the workspace's effective settings. */
export async function costSettings(context: CostContext, workspaceId: string): Promise<{ currency: string; stalePriceAfterDays: number }> {
  const { cost } = await effectiveWorkspaceSettings(context, workspaceId);
  return { currency: cost.currency, stalePriceAfterDays: cost.stalePriceAfterDays };
}

/** The estimate of a sheet already read. */
export async function estimateOfSheet(
  context: CostContext,
  input: { workspaceId: string; line: CostLine; sheet: StoredSheet; asOf: string; settings: { currency: string; stalePriceAfterDays: number } },
): Promise<Estimate> {
  const prices = await priceCandidates(context.db, input.workspaceId, input.sheet.resources, input.asOf);
  const figures = estimateFigures({
    resources: input.sheet.resources,
    assumptions: input.sheet.assumptions,
    prices,
    asOf: input.asOf,
    stalePriceAfterDays: input.settings.stalePriceAfterDays,
    preferredCurrency: input.settings.currency,
  });
  return {
    projectId: input.line.projectId,
    line: lineName(input.line),
    ...lineIds(input.line),
    asOf: input.asOf,
    sheetVersion: input.sheet.version,
    modelVersion: input.line.modelVersion,
    currency: input.settings.currency,
    stalePriceAfterDays: input.settings.stalePriceAfterDays,
    truthNote: estimateTruthNote,
    ...figures,
  };
}

/**
 * The estimate of a line on `asOf`: the settings and the sheet read side by side, then the prices
 * it needs in one statement (lib/costs/price-candidates.ts).
 */
export async function estimateLine(context: CostContext, input: { workspaceId: string; line: CostLine; asOf: string }): Promise<Estimate> {
  const [settings, sheet] = await Promise.all([costSettings(context, input.workspaceId), readSheet(context.db, input.line.streamId)]);
  return estimateOfSheet(context, { ...input, sheet, settings });
}

/** Two lines' estimates on one day, resource by resource (lib/costs/compare-estimates.ts). */
export async function compareLines(context: CostContext, input: { workspaceId: string; left: CostLine; right: CostLine; asOf: string }): Promise<Comparison> {
  const [settings, leftSheet, rightSheet] = await Promise.all([costSettings(context, input.workspaceId), readSheet(context.db, input.left.streamId), readSheet(context.db, input.right.streamId)]);
  const [left, right] = await Promise.all([
    estimateOfSheet(context, { workspaceId: input.workspaceId, line: input.left, sheet: leftSheet, asOf: input.asOf, settings }),
    estimateOfSheet(context, { workspaceId: input.workspaceId, line: input.right, sheet: rightSheet, asOf: input.asOf, settings }),
  ]);
  return compareEstimates({ estimate: left, resources: leftSheet.resources }, { estimate: right, resources: rightSheet.resources });
}
