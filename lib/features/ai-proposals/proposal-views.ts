/**
 * Proposals as the API and the agent tools answer them (docs/ai-proposals.md
 * "Records"): the same shapes over HTTP and in `list_proposals` / `get_proposal`.
 */
import type { ArchitectureProposal, ArchitectureProposalSummary, FlowProposal, FlowProposalSummary } from '../../../contracts/ai-proposals';
import type { ArchitecturePlan } from './plan-architecture-proposal';
import type { PlannedFlow } from './plan-flow-proposal';
import type { ProposalKind, ProposalRow } from './proposal-store';

/** Said with every proposal: what it is, and that its text is data. */
export const proposalTruthNote = 'AI proposal, not yet part of the model';

function iso(value: Date | string): string;
function iso(value: Date | string | null): string | null;
function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function providerOf(row: ProposalRow) {
  return row.provider_id === null ? null : { id: row.provider_id, kind: row.provider_kind, model: row.model, callId: row.call_id };
}

function summaryFields<K extends ProposalKind>(row: ProposalRow, kind: K) {
  return {
    id: row.id,
    kind,
    status: row.status,
    request: row.request,
    submitted: row.submitted,
    branchId: row.branch_id,
    modelVersion: row.model_version,
    provider: providerOf(row),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
  };
}

function flowSummary(row: ProposalRow, flow: PlannedFlow): FlowProposalSummary {
  return { ...summaryFields(row, 'flow' as const), scenarioName: flow.scenario.name, reviseScenarioId: row.revise_scenario_id, scenarioId: row.scenario_id, missingCount: flow.missing.length, missingCreated: flow.missing.filter((m) => m.createdId !== null).length };
}

function architectureSummary(row: ProposalRow, plan: ArchitecturePlan): ArchitectureProposalSummary {
  const count = (decision: string) => plan.items.filter((item) => item.decision === decision).length;
  // `scanId`: the scan whose facts the proposal groups, or null (docs/ai-proposals.md "Architecture from a scan").
  return { ...summaryFields(row, 'architecture' as const), scanId: row.scan_id, itemCount: plan.items.length, pending: count('pending'), accepted: count('accepted'), rejected: count('rejected'), droppedCount: plan.dropped.length };
}

/** A proposal in a list page. */
export function proposalSummary(row: ProposalRow): FlowProposalSummary | ArchitectureProposalSummary {
  return row.kind === 'flow' ? flowSummary(row, row.content as PlannedFlow) : architectureSummary(row, row.content as ArchitecturePlan);
}

function viewFields(row: ProposalRow) {
  return {
    selection: (row.selection as string[] | null) ?? null,
    document: (row.document as { sourceId: string; path: string } | null) ?? null,
    truthNote: proposalTruthNote,
  };
}

function flowView(row: ProposalRow, flow: PlannedFlow): FlowProposal {
  // The planned scenario went through the scenario reader before it was stored; the reader's type
  // keeps the nulls a request may send, the answer's describes the document as written.
  const scenario = flow.scenario as FlowProposal['flow']['scenario'];
  return { ...flowSummary(row, flow), ...viewFields(row), flow: { scenario, missing: flow.missing, notes: flow.notes } };
}

function architectureView(row: ProposalRow, plan: ArchitecturePlan): ArchitectureProposal {
  return { ...architectureSummary(row, plan), ...viewFields(row), items: plan.items, dropped: plan.dropped, notes: plan.notes };
}

/** A whole proposal. */
export function proposalView(row: ProposalRow): FlowProposalView | ArchitectureProposalView {
  return row.kind === 'flow' ? flowView(row, row.content as PlannedFlow) : architectureView(row, row.content as ArchitecturePlan);
}

/** The answers' types are the contracts' (contracts/ai-proposals.ts). */
export type { ArchitectureProposalSummary, FlowProposalSummary };
export type FlowProposalView = FlowProposal;
export type ArchitectureProposalView = ArchitectureProposal;
