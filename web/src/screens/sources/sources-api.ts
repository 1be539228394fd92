/**
 * The Source and scan endpoints as the client calls them (docs/sources.md),
 * with the shapes of their answers, kept to what the screens read.
 */
import { api, type Page, request } from '../../api/client';

export type ScanState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export type ProposalStatus = 'pending' | 'accepted' | 'rejected' | 'superseded';

export interface SourceKindStatus {
  kind: string;
  name: string;
  available: boolean;
  reason: string | null;
  requires: string[];
}

export interface Source {
  id: string;
  kind: string;
  name: string;
  slug: string;
  repository: string | null;
  path: string | null;
  accountId: string | null;
  region: string | null;
  createdAt: string;
  lastScan: { id: string; state: ScanState; commitSha: string | null; isComplete: boolean | null; finishedAt: string | null } | null;
}

export interface Scan {
  id: string;
  sourceId: string | null;
  host: string | null;
  state: ScanState;
  request: { repository: string | null; ref: string | null; traceFile?: string; pushed?: true };
  commitSha: string | null;
  isComplete: boolean | null;
  extractionGap: string | null;
  filesListed: number;
  filesRead: number;
  bytesRead: number;
  skippedCount: number;
  error: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ScanDetail extends Scan {
  skipped: { path: string; reason: string }[];
  factCount: number;
  proposals: Record<ProposalStatus, number>;
}

export interface Proposal {
  id: string;
  factKey: string;
  action: 'add' | 'change' | 'remove';
  entityKind: string;
  entityId: string | null;
  status: ProposalStatus;
  proposed: unknown;
  current: unknown;
  decidedAt: string | null;
}

export interface DecideResult {
  modelVersion: number;
  accepted: number;
  rejected: number;
  items: { proposalId: string; status: 'accepted' | 'rejected'; entityId: string | null }[];
}

export interface Impact {
  pendingProposals: number;
  added: number;
  changed: number;
  removed: number;
  views: { id: string; name: string; reason: string }[];
  scenarios: { id: string; name: string; reason: string }[];
  promises: { id: string; requirementNumber: number; title: string; reason: string }[];
  exports: string[];
  needsAcknowledgement: boolean;
}

export interface NewSource {
  kind: string;
  name: string;
  repository: string | null;
  path?: string | null;
}

const P = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const S = (projectId: string, sourceId: string) => `${P(projectId)}/sources/${encodeURIComponent(sourceId)}`;
const I = (projectId: string, scanId: string) => `${P(projectId)}/imports/${encodeURIComponent(scanId)}`;

export const sourcesApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: Source[] }>(`${P(projectId)}/sources`, { signal }).then((a) => a.items),
  kinds: (projectId: string, signal?: AbortSignal) => api.get<{ items: SourceKindStatus[] }>(`${P(projectId)}/sources/kinds`, { signal }).then((a) => a.items),
  get: (projectId: string, sourceId: string, signal?: AbortSignal) => api.get<Source>(S(projectId, sourceId), { signal }),
  create: (projectId: string, body: NewSource) => api.post<Source>(`${P(projectId)}/sources`, body),
  rename: (projectId: string, sourceId: string, name: string) => api.patch<Source>(S(projectId, sourceId), { name }),
  remove: (projectId: string, sourceId: string) => api.delete<void>(S(projectId, sourceId)),
  scan: (projectId: string, sourceId: string) => api.post<{ scanId: string }>(`${S(projectId, sourceId)}/scans`, { ref: null, includePaths: null, excludePaths: null }),
  uploadArchive: (projectId: string, sourceId: string, file: Blob) => api.post<{ scanId: string }>(`${S(projectId, sourceId)}/archive`, file, { contentType: 'application/octet-stream' }),
};

export const scansApi = {
  list: (projectId: string, cursor: string | null, signal?: AbortSignal, limit = 50) => api.get<Page<Scan>>(`${P(projectId)}/imports`, { query: { cursor, limit }, signal }),
  get: (projectId: string, scanId: string, signal?: AbortSignal) => api.get<ScanDetail>(I(projectId, scanId), { signal }),
  /** Cancel and resume read no body, so none is sent. */
  cancel: (projectId: string, scanId: string) => request<unknown>('POST', `${I(projectId, scanId)}/cancel`),
  resume: (projectId: string, scanId: string) => request<unknown>('POST', `${I(projectId, scanId)}/resume`),
  proposals: (projectId: string, scanId: string, status: string, cursor: string | null, signal?: AbortSignal) =>
    api.get<Page<Proposal>>(`${I(projectId, scanId)}/proposals`, { query: { status, cursor }, signal }),
  decide: (projectId: string, scanId: string, body: { accept: string[]; reject: string[]; acknowledgeImpact: boolean }) => api.post<DecideResult>(`${I(projectId, scanId)}/proposals/decide`, body),
  impact: (projectId: string, scanId: string, signal?: AbortSignal) => api.get<Impact>(`${I(projectId, scanId)}/impact`, { signal }),
};
