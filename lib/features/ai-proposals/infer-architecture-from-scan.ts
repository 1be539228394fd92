/**
 * The work of the `infer-architecture-from-scan` job (docs/ai-proposals.md
 * "Architecture from a scan"): a completed scan's facts go to the provider the
 * settings route `inferArchitecture` to, and its answer becomes an
 * architecture proposal naming the scan, through the same checks as every
 * other. Idempotent: a scan that has its proposal is left alone.
 */
import { problemOf } from '../../platform/http/service-error-problem';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import { readScanFactsWithRecords } from '../scans/scan-fact-records';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { findProject } from '../workspaces/project-store';
import { askForArchitecture } from './create-architecture-proposal';
import { readProposalContext } from './proposal-context';
import { findProposalOfScan } from './proposal-store';
import { routesArchitectureInference } from '../scans/scan-architecture-queue';
import { scanFactsDataPart } from './scan-facts-data';

/**
 * What one run came to. Only `rate-limited` asks to be run again (after `retryAfterSeconds`);
 * every other outcome is final. A database error is thrown, and the queue tries again.
 */
export type ScanArchitectureOutcome =
  | { kind: 'stored'; proposalId: string }
  /** The scan has its proposal already (this job ran before). */
  | { kind: 'exists'; proposalId: string }
  /** The scan is gone or not completed, or found no element. */
  | { kind: 'nothing-to-group' }
  /** `ai.taskRouting.inferArchitecture` names no enabled provider now. */
  | { kind: 'not-routed' }
  /** The AI unavailable answer: no key, provider down, budget, invalid output… The call record says which. */
  | { kind: 'unavailable'; reason: string; callId: string | null }
  /** The provider's `requestsPerMinute` is used up. */
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** Refused by a rule of the service (too many open proposals): nothing stored. */
  | { kind: 'refused'; detail: string };

/** Asks the provider about one completed scan and stores its proposal (see the file comment). */
export async function inferArchitectureFromScan(runtime: ServiceRuntime, scanId: string): Promise<ScanArchitectureOutcome> {
  const { db } = runtime;
  const scan = await db.selectFrom('scans').select(['id', 'project_id', 'workspace_id', 'source_id', 'state', 'requested_by']).where('id', '=', scanId).executeTakeFirst();
  if (scan?.state !== 'completed') return { kind: 'nothing-to-group' };
  const existing = await findProposalOfScan(db, scanId);
  if (existing) return { kind: 'exists', proposalId: existing.id };
  // The routing may have changed since the scan queued this job: it is read again now.
  const settings = await effectiveWorkspaceSettings({ db, profile: runtime.config.profile }, scan.workspace_id);
  if (!routesArchitectureInference(settings)) return { kind: 'not-routed' };
  const project = await findProject(db, scan.project_id);
  if (!project) return { kind: 'nothing-to-group' };
  const facts = await readScanFactsWithRecords(db, { id: scan.id, projectId: scan.project_id, sourceId: scan.source_id });
  if (!facts.some(({ fact }) => fact.kind === 'element')) return { kind: 'nothing-to-group' };

  const context = await readProposalContext(db, { projectId: project.id, branchId: null, reviseScenarioId: null, selection: null, missingAs: 'invalid' });
  const part = scanFactsDataPart(scan.id, facts, context.model);
  try {
    // The person whose scan it was: the call record and the proposal name them.
    const outcome = await askForArchitecture({ runtime, project, actor: scan.requested_by }, { request: null, context, selection: null, document: null, scan: { id: scan.id, part } });
    if (outcome.kind === 'unavailable') return { kind: 'unavailable', reason: outcome.answer.reason, callId: outcome.answer.callId };
    return { kind: 'stored', proposalId: outcome.row.id };
  } catch (error) {
    // A database that cannot be reached (503) is thrown on, for the queue to try again.
    const problem = problemOf(error);
    if (!problem || problem.status >= 500) throw error;
    if (problem.status === 429) return { kind: 'rate-limited', retryAfterSeconds: Number(problem.headers['retry-after'] ?? 60) };
    return { kind: 'refused', detail: problem.detail };
  }
}
