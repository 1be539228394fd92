/**
 * The Source and scan endpoints as the client calls them (docs/sources.md), typed by the contracts
 * (contracts/sources.ts, contracts/scans.ts), so the screens cannot drift from what the API answers.
 */
import type { DecideRequest, factKinds, maxDecideIds as contractMaxDecideIds, Scan, ScanImpact } from '../../../../contracts/scans';
import { call } from '../../api/call';

export type { DecideResult, EvidenceItem, FactKind, Proposal, ProposedFact, ScanDetail, ScanDiagnostics, ScanState, SourceWindow } from '../../../../contracts/scans';
export type { Source, SourceKindStatus } from '../../../../contracts/sources';
export type { DecideRequest, Scan };
/** GET …/impact: what accepting every pending proposal would touch. */
export type Impact = ScanImpact;

/** Most IDs each list of one decide request may hold: the contract's number. */
export const maxDecideIds: number = 5000 satisfies typeof contractMaxDecideIds;

/** Kinds of fact in the order the API resolves their references (a fact only points at kinds before it): the contract's list. */
export const resolutionOrder: typeof factKinds = ['element', 'schema', 'channel', 'message', 'operation', 'relationship', 'subscription', 'binding'];

/** Filters of GET …/proposals. */
export interface ProposalFilter {
  status: string;
  entityKind?: string | null;
  action?: string | null;
}

export interface NewSource {
  kind: string;
  name: string;
  repository: string | null;
  path?: string | null;
}

export const sourcesApi = {
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/sources', { projectId }, { signal }).then((a) => a.items),
  kinds: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/sources/kinds', { projectId }, { signal }).then((a) => a.items),
  get: (projectId: string, sourceId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/sources/{sourceId}', { projectId, sourceId }, { signal }),
  create: (projectId: string, body: NewSource) => call('POST /api/projects/{projectId}/sources', { projectId }, { body }),
  rename: (projectId: string, sourceId: string, name: string) => call('PATCH /api/projects/{projectId}/sources/{sourceId}', { projectId, sourceId }, { body: { name } }),
  remove: (projectId: string, sourceId: string) => call('DELETE /api/projects/{projectId}/sources/{sourceId}', { projectId, sourceId }),
  scan: (projectId: string, sourceId: string) => call('POST /api/projects/{projectId}/sources/{sourceId}/scans', { projectId, sourceId }, { body: { ref: null, includePaths: null, excludePaths: null } }),
  uploadArchive: (projectId: string, sourceId: string, file: Blob) => call('POST /api/projects/{projectId}/sources/{sourceId}/archive', { projectId, sourceId }, { body: file, contentType: 'application/octet-stream' }),
};

export const scansApi = {
  list: (projectId: string, cursor: string | null, signal?: AbortSignal, limit = 50) => call('GET /api/projects/{projectId}/imports', { projectId }, { query: { cursor, limit }, signal }),
  get: (projectId: string, scanId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/imports/{importId}', { projectId, importId: scanId }, { signal }),
  /** Cancel and resume read no body, so none is sent. */
  cancel: (projectId: string, scanId: string) => call('POST /api/projects/{projectId}/imports/{importId}/cancel', { projectId, importId: scanId }),
  resume: (projectId: string, scanId: string) => call('POST /api/projects/{projectId}/imports/{importId}/resume', { projectId, importId: scanId }),
  proposals: (projectId: string, scanId: string, filter: ProposalFilter, cursor: string | null, signal?: AbortSignal, limit = 50) =>
    call('GET /api/projects/{projectId}/imports/{importId}/proposals', { projectId, importId: scanId }, { query: { status: filter.status, entityKind: filter.entityKind, action: filter.action, cursor, limit }, signal }),
  decide: (projectId: string, scanId: string, body: DecideRequest) => call('POST /api/projects/{projectId}/imports/{importId}/proposals/decide', { projectId, importId: scanId }, { body }),
  impact: (projectId: string, scanId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/imports/{importId}/impact', { projectId, importId: scanId }, { signal }),
  evidence: (projectId: string, scanId: string, factKey: string, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/imports/{importId}/evidence', { projectId, importId: scanId }, { query: { factKey, limit: 200 }, signal }),
  sourceWindow: (projectId: string, scanId: string, lines: { path: string; startLine: number; endLine: number }, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/imports/{importId}/source', { projectId, importId: scanId }, { query: lines, signal }),
};
