/**
 * The AI proposal endpoints as the client calls them (docs/ai-proposals.md), typed by the
 * contracts (contracts/ai-proposals.ts); a flow proposal whole keeps the shape the screens read.
 */
import type { AiUnavailableAnswer } from '../../../../contracts/ai';
import type { ArchitectureProposal, ArchitectureProposalSummary, FlowProposalSummary, ProposalStatus } from '../../../../contracts/ai-proposals';
import { api, type Page, request } from '../../api/client';
import { call } from '../../api/call';

export type { ArchitectureProposal, ProposalStatus };
export type ProposalKind = 'flow' | 'architecture';

/** The 200 "AI unavailable" answer: a stable reason code and a sentence. */
export type AiUnavailable = AiUnavailableAnswer;

export type FlowSummary = FlowProposalSummary;
export type ArchitectureSummary = ArchitectureProposalSummary;
export type ProposalSummary = FlowSummary | ArchitectureSummary;

export interface MissingRecord {
  alias: string;
  kind: 'element' | 'operation' | 'channel';
  id: string;
  record: Record<string, unknown> & { name: string };
  needs: string[];
  createdId: string | null;
  createdBy: string | null;
  createdAt: string | null;
}

type ProposalDetail = Pick<ArchitectureProposal, 'selection' | 'document' | 'truthNote'>;

/**
 * A flow proposal whole; its schema names the model's records, not yet contracts, so the flow
 * proposal's routes are called with plain requests typed by this shape.
 */
export interface FlowProposal extends FlowSummary, ProposalDetail {
  flow: { scenario: Record<string, unknown> & { id: string; name: string }; missing: MissingRecord[]; notes: string | null };
}

export type ProposalItem = ArchitectureProposal['items'][number];
export type DroppedItem = ArchitectureProposal['dropped'][number];

export interface ProposalFilters {
  status: string;
  mine: string;
  submitted: string;
  decided: string;
}

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/ai`;
const collection = (projectId: string, kind: ProposalKind) => `${base(projectId)}/${kind}-proposals`;
const one = (projectId: string, kind: ProposalKind, id: string) => `${collection(projectId, kind)}/${encodeURIComponent(id)}`;

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
  getFlow: (projectId: string, id: string, signal: AbortSignal) => api.get<FlowProposal>(one(projectId, 'flow', id), { signal }),
  getArchitecture: (projectId: string, id: string, signal: AbortSignal) => call('GET /api/projects/{projectId}/ai/architecture-proposals/{proposalId}', { projectId, proposalId: id }, { signal }),
  askFlow: (projectId: string, body: { request: string | null; branchId: string | null; reviseScenarioId: string | null; documentSourceId?: string | null; documentPath?: string | null }) =>
    api.post<AskOutcome<FlowProposal>>(collection(projectId, 'flow'), body),
  askArchitecture: (projectId: string, body: { request: string | null; branchId: string | null }): Promise<AskOutcome<ArchitectureProposal>> =>
    call('POST /api/projects/{projectId}/ai/architecture-proposals', { projectId }, { body }),
  askArchitectureFromDocument: (projectId: string, body: { sourceId: string | null; path: string | null; request: string | null }): Promise<AskOutcome<ArchitectureProposal>> =>
    call('POST /api/projects/{projectId}/ai/architecture-proposals/from-document', { projectId }, { body }),
  /** The person's JSON text, sent as it is inside the submit body, so the API names each field it refuses. */
  submit: (projectId: string, kind: ProposalKind, request: string | null, output: unknown): Promise<FlowProposal | ArchitectureProposal> =>
    kind === 'flow'
      ? api.post<FlowProposal>(`${collection(projectId, 'flow')}/submit`, { request, reviseScenarioId: null, flow: output })
      : call('POST /api/projects/{projectId}/ai/architecture-proposals/submit', { projectId }, { body: { request, proposal: output } }),
  createMissing: (projectId: string, id: string, alias: string) => request<FlowProposal>('POST', `${one(projectId, 'flow', id)}/missing/${encodeURIComponent(alias)}/create`),
  accept: (projectId: string, id: string, body: { name: string | null }) => api.post<FlowProposal>(`${one(projectId, 'flow', id)}/accept`, body),
  reject: (projectId: string, id: string) => request<FlowProposal>('POST', `${one(projectId, 'flow', id)}/reject`),
  decide: (projectId: string, id: string, body: { accept: string[]; reject: string[] }) => call('POST /api/projects/{projectId}/ai/architecture-proposals/{proposalId}/decide', { projectId, proposalId: id }, { body }),
  remove: (projectId: string, kind: ProposalKind, id: string) =>
    kind === 'flow'
      ? call('DELETE /api/projects/{projectId}/ai/flow-proposals/{proposalId}', { projectId, proposalId: id })
      : call('DELETE /api/projects/{projectId}/ai/architecture-proposals/{proposalId}', { projectId, proposalId: id }),
};
