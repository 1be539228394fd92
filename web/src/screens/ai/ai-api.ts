/**
 * The AI proposal endpoints as the client calls them (docs/ai-proposals.md),
 * with the shapes of their answers, kept to what the screens read.
 */
import { api, type Page, request } from '../../api/client';

export type ProposalKind = 'flow' | 'architecture';
export type ProposalStatus = 'open' | 'accepted' | 'rejected';

/** The 200 "AI unavailable" answer: a stable reason code and a sentence. */
export interface AiUnavailable {
  status: 'unavailable';
  task: string;
  reason: string;
  detail: string;
  providerId: string | null;
  callId: string | null;
}

interface ProposalBase {
  id: string;
  kind: ProposalKind;
  status: ProposalStatus;
  request: string | null;
  submitted: boolean;
  branchId: string | null;
  modelVersion: number;
  provider: { id: string; kind: string; model: string; callId: string } | null;
  createdBy: string;
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

export interface FlowSummary extends ProposalBase {
  kind: 'flow';
  scenarioName: string;
  reviseScenarioId: string | null;
  scenarioId: string | null;
  missingCount: number;
  missingCreated: number;
}

export interface ArchitectureSummary extends ProposalBase {
  kind: 'architecture';
  /** The scan whose facts the proposal groups into services, or null. */
  scanId: string | null;
  itemCount: number;
  pending: number;
  accepted: number;
  rejected: number;
  droppedCount: number;
}

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

interface ProposalDetail {
  selection: string[] | null;
  document: { sourceId: string; path: string } | null;
  truthNote: string;
}

export interface FlowProposal extends FlowSummary, ProposalDetail {
  flow: { scenario: Record<string, unknown> & { id: string; name: string }; missing: MissingRecord[]; notes: string | null };
}

export interface ProposalItem {
  id: string;
  kind: string;
  action: 'add' | 'update';
  recordId: string;
  ref: string | null;
  record: Record<string, unknown>;
  confidence: number;
  rationale: string;
  decision: 'pending' | 'accepted' | 'rejected';
}

export interface DroppedItem {
  index: number;
  kind: string;
  action: string;
  ref: string | null;
  recordId: string | null;
  reason: string;
}

export interface ArchitectureProposal extends ArchitectureSummary, ProposalDetail {
  items: ProposalItem[];
  dropped: DroppedItem[];
  notes: string | null;
}

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
  list: (projectId: string, kind: ProposalKind, filters: ProposalFilters, cursor: string | null, signal: AbortSignal) =>
    api.get<Page<ProposalSummary>>(collection(projectId, kind), { query: { cursor, limit: 20, status: filters.status, mine: filters.mine, submitted: filters.submitted, decided: filters.decided }, signal }),
  getFlow: (projectId: string, id: string, signal: AbortSignal) => api.get<FlowProposal>(one(projectId, 'flow', id), { signal }),
  getArchitecture: (projectId: string, id: string, signal: AbortSignal) => api.get<ArchitectureProposal>(one(projectId, 'architecture', id), { signal }),
  askFlow: (projectId: string, body: { request: string | null; branchId: string | null; reviseScenarioId: string | null; documentSourceId?: string | null; documentPath?: string | null }) =>
    api.post<AskOutcome<FlowProposal>>(collection(projectId, 'flow'), body),
  askArchitecture: (projectId: string, body: { request: string | null; branchId: string | null }) => api.post<AskOutcome<ArchitectureProposal>>(collection(projectId, 'architecture'), body),
  askArchitectureFromDocument: (projectId: string, body: { sourceId: string | null; path: string | null; request: string | null }) =>
    api.post<AskOutcome<ArchitectureProposal>>(`${collection(projectId, 'architecture')}/from-document`, body),
  /** The person's JSON text, sent as it is inside the submit body, so the API names each field it refuses. */
  submit: (projectId: string, kind: ProposalKind, request: string | null, output: unknown) =>
    api.post<FlowProposal | ArchitectureProposal>(`${collection(projectId, kind)}/submit`, kind === 'flow' ? { request, reviseScenarioId: null, flow: output } : { request, proposal: output }),
  createMissing: (projectId: string, id: string, alias: string) => request<FlowProposal>('POST', `${one(projectId, 'flow', id)}/missing/${encodeURIComponent(alias)}/create`),
  accept: (projectId: string, id: string, body: { name: string | null }) => api.post<FlowProposal>(`${one(projectId, 'flow', id)}/accept`, body),
  reject: (projectId: string, id: string) => request<FlowProposal>('POST', `${one(projectId, 'flow', id)}/reject`),
  decide: (projectId: string, id: string, body: { accept: string[]; reject: string[] }) => api.post<ArchitectureProposal>(`${one(projectId, 'architecture', id)}/decide`, body),
  remove: (projectId: string, kind: ProposalKind, id: string) => api.delete<void>(one(projectId, kind, id)),
};
