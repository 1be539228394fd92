/**
 * The AI proposal endpoints as the client calls them (docs/ai-proposals.md), typed by the
 * contracts (contracts/ai-proposals.ts).
 */
import type { AiUnavailableAnswer } from '../../../../contracts/ai';
import type { ArchitectureProposal, ArchitectureProposalSummary, FlowProposal, FlowProposalSummary, PlannedMissingItem, ProposalStatus } from '../../../../contracts/ai-proposals';
import type { Page } from '../../api/client';
import { call } from '../../api/call';

export type { ArchitectureProposal, FlowProposal, ProposalStatus };
export type ProposalKind = 'flow' | 'architecture';

/** The 200 "AI unavailable" answer: a stable reason code and a sentence. */
export type AiUnavailable = AiUnavailableAnswer;

export type FlowSummary = FlowProposalSummary;
export type ArchitectureSummary = ArchitectureProposalSummary;
export type ProposalSummary = FlowSummary | ArchitectureSummary;

export type MissingRecord = PlannedMissingItem;

export type ProposalItem = ArchitectureProposal['items'][number];
export type DroppedItem = ArchitectureProposal['dropped'][number];

export interface ProposalFilters {
  status: string;
  mine: string;
  submitted: string;
  decided: string;
}


/** A new proposal (201) or the unavailable answer (200): told apart by `status`. */
export type AskOutcome<P> = P | AiUnavailable;

export function isUnavailable(value: unknown): value is AiUnavailable {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'unavailable';
}

export const proposalsApi = {
  list: (projectId: string, kind: ProposalKind, filters: ProposalFilters, cursor: string | null, signal: AbortSignal): Promise<Page<ProposalSummary>> => {
    const options = { query: { cursor, limit: 20, status: filters.status, mine: filters.mine, submitted: filters.submitted, decided: filters.decided }, signal };
    return kind === 'flow' ? call('GET /api/projects/{projectId}/ai/flow-proposals', { projectId }, options) : call('GET /api/projects/{projectId}/ai/architecture-proposals', { projectId }, options);
  },
  getFlow: (projectId: string, id: string, signal: AbortSignal) => call('GET /api/projects/{projectId}/ai/flow-proposals/{proposalId}', { projectId, proposalId: id }, { signal }),
  getArchitecture: (projectId: string, id: string, signal: AbortSignal) => call('GET /api/projects/{projectId}/ai/architecture-proposals/{proposalId}', { projectId, proposalId: id }, { signal }),
  askFlow: (projectId: string, body: { request: string | null; branchId: string | null; reviseScenarioId: string | null; documentSourceId?: string | null; documentPath?: string | null }) =>
    call('POST /api/projects/{projectId}/ai/flow-proposals', { projectId }, { body }),
  askArchitecture: (projectId: string, body: { request: string | null; branchId: string | null }): Promise<AskOutcome<ArchitectureProposal>> =>
    call('POST /api/projects/{projectId}/ai/architecture-proposals', { projectId }, { body }),
  askArchitectureFromDocument: (projectId: string, body: { sourceId: string | null; path: string | null; request: string | null }): Promise<AskOutcome<ArchitectureProposal>> =>
    call('POST /api/projects/{projectId}/ai/architecture-proposals/from-document', { projectId }, { body }),
  /** The person's JSON text, sent as it is inside the submit body, so the API names each field it refuses. */
  submit: (projectId: string, kind: ProposalKind, request: string | null, output: unknown): Promise<FlowProposal | ArchitectureProposal> =>
    kind === 'flow'
      ? call('POST /api/projects/{projectId}/ai/flow-proposals/submit', { projectId }, { body: { request, reviseScenarioId: null, flow: output } })
      : call('POST /api/projects/{projectId}/ai/architecture-proposals/submit', { projectId }, { body: { request, proposal: output } }),
  createMissing: (projectId: string, id: string, alias: string) => call('POST /api/projects/{projectId}/ai/flow-proposals/{proposalId}/missing/{alias}/create', { projectId, proposalId: id, alias }),
  accept: (projectId: string, id: string, body: { name: string | null }) => call('POST /api/projects/{projectId}/ai/flow-proposals/{proposalId}/accept', { projectId, proposalId: id }, { body }),
  reject: (projectId: string, id: string) => call('POST /api/projects/{projectId}/ai/flow-proposals/{proposalId}/reject', { projectId, proposalId: id }),
  decide: (projectId: string, id: string, body: { accept: string[]; reject: string[] }) => call('POST /api/projects/{projectId}/ai/architecture-proposals/{proposalId}/decide', { projectId, proposalId: id }, { body }),
  remove: (projectId: string, kind: ProposalKind, id: string) =>
    kind === 'flow'
      ? call('DELETE /api/projects/{projectId}/ai/flow-proposals/{proposalId}', { projectId, proposalId: id })
      : call('DELETE /api/projects/{projectId}/ai/architecture-proposals/{proposalId}', { projectId, proposalId: id }),
};
