import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { lineIds, lineName, type CostLine } from './cost-sheet';
import { readSheet, type StoredSheet } from './cost-sheet-store';
import type { Estimate } from './estimate';
import { estimateFigures, estimateTruthNote } from './estimate-engine';
import { coversResources, priceCandidates, priceCandidatesOfSheet } from './price-candidates';
import type { PriceEntry } from '../prices/price-entry';
import { compareEstimates, type Comparison } from './compare-estimates';

export interface CostContext {
  db: Kysely<Database>;
  profile: Profile;
}


/** The cost settings an estimate reads, from the workspace's effective settings. */
export async function costSettings(context: CostContext, workspaceId: string): Promise<{ currency: string; stalePriceAfterDays: number }> {
  const { cost } = await effectiveWorkspaceSettings(context, workspaceId);
  return { currency: cost.currency, stalePriceAfterDays: cost.stalePriceAfterDays };
}

/** The estimate of a sheet already read, with the prices read for it when they are (else read here). */
export async function estimateOfSheet(
  context: CostContext,
  input: { workspaceId: string; line: CostLine; sheet: StoredSheet; asOf: string; settings: { currency: string; stalePriceAfterDays: number }; prices?: PriceEntry[] },
): Promise<Estimate> {
  const prices = input.prices ?? (await priceCandidates(context.db, { workspaceId: input.workspaceId, resources: input.sheet.resources, asOf: input.asOf, preferredCurrency: input.settings.currency }));
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
 * The estimate of a line on `asOf`. The sheet (one snapshot) is read beside the settings and then
 * the prices, which one statement reads from the stored sheet itself; when a change committed
 * between the two reads gave them different lookups, the prices are read again for the sheet
 * read (lib/features/costs/price-candidates.ts).
 */
export async function estimateLine(context: CostContext, input: { workspaceId: string; line: CostLine; asOf: string }): Promise<Estimate> {
  const settingsRead = costSettings(context, input.workspaceId);
  const [sheet, settings, read] = await Promise.all([
    readSheet(context.db, input.line.streamId),
    settingsRead,
    settingsRead.then((s) => priceCandidatesOfSheet(context.db, { workspaceId: input.workspaceId, streamId: input.line.streamId, asOf: input.asOf, preferredCurrency: s.currency })),
  ]);
  return estimateOfSheet(context, { ...input, sheet, settings, ...(coversResources(read, sheet.resources) ? { prices: read.prices } : {}) });
}

/** Two lines' estimates on one day, resource by resource (lib/features/costs/compare-estimates.ts). */
export async function compareLines(context: CostContext, input: { workspaceId: string; left: CostLine; right: CostLine; asOf: string }): Promise<Comparison> {
  const [settings, leftSheet, rightSheet] = await Promise.all([costSettings(context, input.workspaceId), readSheet(context.db, input.left.streamId), readSheet(context.db, input.right.streamId)]);
  const [left, right] = await Promise.all([
    estimateOfSheet(context, { workspaceId: input.workspaceId, line: input.left, sheet: leftSheet, asOf: input.asOf, settings }),
    estimateOfSheet(context, { workspaceId: input.workspaceId, line: input.right, sheet: rightSheet, asOf: input.asOf, settings }),
  ]);
  return compareEstimates({ estimate: left, resources: leftSheet.resources }, { estimate: right, resources: rightSheet.resources });
}
