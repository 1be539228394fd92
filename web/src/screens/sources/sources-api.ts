/**
 * The Source and scan endpoints as the client calls them (docs/sources.md).
 * Scan, proposal, evidence and decision answers are the service's own types
 * (lib/features/scans, lib/core/extract), so the client cannot drift from what the API
 * answers; Sources keep the few fields the screens read.
 */
import type { ScanDiagnostics } from '../../../../lib/core/extract/scan-diagnostics';
import type { ChangeImpact } from '../../../../lib/features/scans/change-impact';
import type { z } from 'zod';
import type { DecideResult, decideProposalsRequest } from '../../../../lib/features/scans/decide-proposals';
import type { ProposalRecord } from '../../../../lib/features/scans/proposal-store';
import type { ScanDetail } from '../../../../lib/features/scans/scan-detail';
import type { EvidenceItem, sourceWindow } from '../../../../lib/features/scans/scan-evidence';
import type { ScanFact } from '../../../../lib/features/scans/scan-fact';
import type { ScanRecord } from '../../../../lib/features/scans/scan-store';
import { api, type Page, request } from '../../api/client';

export type { DecideResult, EvidenceItem, ScanDetail, ScanDiagnostics };
export type Scan = ScanRecord;
export type ScanState = ScanRecord['state'];
export type Proposal = ProposalRecord;
export type ProposalStatus = ProposalRecord['status'];
/** GET …/impact: what accepting every pending proposal would touch. */
export type Impact = ChangeImpact & { scanId: string; pendingProposals: number };
/** The body of POST …/proposals/decide as the API reads it (`acknowledgeImpact`, `bind` and `relink` may be left out). */
export type DecideRequest = z.input<typeof decideProposalsRequest>;
/** GET …/source: lines of a file the scan kept. */
export type SourceWindow = Awaited<ReturnType<typeof sourceWindow>>;
/** What `proposed` holds for an addition or change: the fact, with the fields a change alters. */
export type ProposedFact = ScanFact & { changedFields?: string[] };

/** Most IDs each list of one decide request may hold (lib/features/scans/decide-proposals.ts). */
export const maxDecideIds = 5000;

/** Filters of GET …/proposals. */
export interface ProposalFilter {
  status: string;
  entityKind?: string | null;
  action?: string | null;
}

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
  proposals: (projectId: string, scanId: string, filter: ProposalFilter, cursor: string | null, signal?: AbortSignal, limit = 50) =>
    api.get<Page<Proposal>>(`${I(projectId, scanId)}/proposals`, { query: { status: filter.status, entityKind: filter.entityKind, action: filter.action, cursor, limit }, signal }),
  decide: (projectId: string, scanId: string, body: DecideRequest) => api.post<DecideResult>(`${I(projectId, scanId)}/proposals/decide`, body),
  impact: (projectId: string, scanId: string, signal?: AbortSignal) => api.get<Impact>(`${I(projectId, scanId)}/impact`, { signal }),
  evidence: (projectId: string, scanId: string, factKey: string, signal?: AbortSignal) => api.get<Page<EvidenceItem>>(`${I(projectId, scanId)}/evidence`, { query: { factKey, limit: 200 }, signal }),
  sourceWindow: (projectId: string, scanId: string, lines: { path: string; startLine: number; endLine: number }, signal?: AbortSignal) =>
    api.get<SourceWindow>(`${I(projectId, scanId)}/source`, { query: lines, signal }),
};
