/**
 * The records of the load-test API as it answers them (docs/load-tests.md).
 */

export const targetKinds = ['operation', 'scenario-step'] as const;
export type TargetKind = (typeof targetKinds)[number];

export interface TargetAuthorisation {
  baseUrl: string;
  environment: string | null;
  /** The main model version it was given against. */
  version: number;
  authorisedBy: string;
  authorisedAt: string;
}

export interface TargetOverride {
  allowNonIdempotent: boolean;
  allowFailureInjection: boolean;
  reason: string;
  confirmedBy: string;
  confirmedAt: string;
}

export interface LoadTestTarget {
  id: string;
  kind: TargetKind;
  /** The operation (kind `operation`) or the scenario (kind `scenario-step`). */
  subjectId: string;
  /** The call step of the scenario; null for an operation. */
  stepId: string | null;
  /** The operation's name, or `scenario name › step ID`: what `confirmName` of an override must repeat. */
  name: string;
  authorisation: TargetAuthorisation | null;
  /** Null while nothing is allowed beyond the safe default. */
  override: TargetOverride | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A generated script; `content` is left out of lists. */
export interface LoadTestScript {
  id: string;
  targetId: string;
  profileId: string;
  /** The branch whose model it was written from; null for main. */
  branchId: string | null;
  /** The version of that model line when the script was first written. */
  modelVersion: number;
  operationId: string;
  baseUrl: string;
  environment: string | null;
  /** SHA-256 of `content`, lower-case hex. */
  contentHash: string;
  fileName: string;
  content?: string;
  createdBy: string;
  createdAt: string;
}

export type StressRunStatus = 'running' | 'finished' | 'expired';

export interface StressRun {
  id: string;
  scriptId: string;
  targetId: string;
  status: StressRunStatus;
  startedBy: string;
  startedAt: string;
  /** When a run not finished stops counting against `policy.maxConcurrentStressRuns`. */
  expiresAt: string;
  finishedAt: string | null;
  /** The result that finished it, if one did. */
  resultId: string | null;
}
