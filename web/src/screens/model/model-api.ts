/**
 * The model API as the model screens call it (DECISIONS.md section 2): one
 * collection per record kind, read from main, a branch (`branchId`) or a
 * revision (`revisionId`), edited on main or a branch. Record types and label
 * sets come from the service's own model-records, so the client cannot drift
 * from what the API answers.
 */
import { api, type Page } from '../../api/client';
import type { AnyModelRecord, ModelKind } from '../../../../lib/core/model/model-records';

export type { AnyModelRecord, ModelKind } from '../../../../lib/core/model/model-records';

/** API collection names, in the model document's order. */
export const sections = ['elements', 'relationships', 'messages', 'schemas', 'operations', 'channels', 'subscriptions', 'bindings'] as const;
export type Section = (typeof sections)[number];

export function isSection(text: string | undefined): text is Section {
  return (sections as readonly string[]).includes(text ?? '');
}

const kindOf: Record<Section, ModelKind> = {
  elements: 'element',
  relationships: 'relationship',
  messages: 'message',
  schemas: 'schema',
  operations: 'operation',
  channels: 'channel',
  subscriptions: 'subscription',
  bindings: 'binding',
};

export function kindOfSection(section: Section): ModelKind {
  return kindOf[section];
}

export function sectionOfKind(kind: string): Section | undefined {
  return sections.find((s) => kindOf[s] === kind);
}

/** Headings people read: "Elements", "element". */
export const sectionLabels: Record<Section, { plural: string; singular: string }> = {
  elements: { plural: 'Elements', singular: 'element' },
  relationships: { plural: 'Relationships', singular: 'relationship' },
  messages: { plural: 'Messages', singular: 'message' },
  schemas: { plural: 'Schemas', singular: 'schema' },
  operations: { plural: 'Operations', singular: 'operation' },
  channels: { plural: 'Channels', singular: 'channel' },
  subscriptions: { plural: 'Subscriptions', singular: 'subscription' },
  bindings: { plural: 'Bindings', singular: 'binding' },
};

/** A schema carries no truth label, provenance or stale mark (part 1 "Fact fields"). */
export function hasFactFields(section: Section): boolean {
  return section !== 'schemas';
}

/** Which stream a read goes to: main (both null), a branch, or a revision (read only). */
export interface StreamChoice {
  branchId: string | null;
  revisionId?: string | null;
}

export interface RecordPage extends Page<AnyModelRecord> {
  total: number;
}

export interface Project {
  id: string;
  workspaceId: string;
  name: string;
  description: string | null;
  modelVersion: number;
}

export interface Branch {
  id: string;
  name: string;
  kind: 'draft' | 'variant';
  baseVersion: number | null;
  modelVersion: number;
  createdAt: string;
  merged?: { at: string; by: string; modelVersion: number } | null;
}

export interface Revision {
  id: string;
  name: string;
  modelVersion: number;
  createdAt: string;
}

const projectBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export function listRecords(
  projectId: string,
  section: Section,
  options: StreamChoice & { cursor?: string | null; limit?: number; refersTo?: string | null },
  signal?: AbortSignal,
): Promise<RecordPage> {
  return api.get<RecordPage>(`${projectBase(projectId)}/${section}`, {
    query: { branchId: options.branchId, revisionId: options.revisionId, cursor: options.cursor, limit: options.limit ?? 50, refersTo: options.refersTo },
    ...(signal ? { signal } : {}),
  });
}

export function getRecord(projectId: string, section: Section, id: string, stream: StreamChoice, signal?: AbortSignal): Promise<AnyModelRecord> {
  return api.get<AnyModelRecord>(`${projectBase(projectId)}/${section}/${encodeURIComponent(id)}`, {
    query: { branchId: stream.branchId, revisionId: stream.revisionId },
    ...(signal ? { signal } : {}),
  });
}

export function createRecord(projectId: string, section: Section, body: unknown, branchId: string | null): Promise<AnyModelRecord> {
  return api.post<AnyModelRecord>(`${projectBase(projectId)}/${section}`, body, { query: { branchId } });
}

export function replaceRecord(projectId: string, section: Section, id: string, body: unknown, branchId: string | null): Promise<AnyModelRecord> {
  return api.put<AnyModelRecord>(`${projectBase(projectId)}/${section}/${encodeURIComponent(id)}`, body, { query: { branchId } });
}

export function deleteRecord(projectId: string, section: Section, id: string, branchId: string | null): Promise<void> {
  return api.delete<void>(`${projectBase(projectId)}/${section}/${encodeURIComponent(id)}`, { query: { branchId } });
}

/** `accept` or `mark-unknown` of part 1 "Facts"; the entity type is the collection name. */
export function decideFact(projectId: string, section: Section, id: string, decision: 'accept' | 'mark-unknown', branchId: string | null): Promise<unknown> {
  return api.post(`${projectBase(projectId)}/facts/${section}/${encodeURIComponent(id)}/${decision}`, {}, { query: { branchId } });
}

export function getProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(projectBase(projectId), signal ? { signal } : {});
}

export function listBranches(projectId: string, signal?: AbortSignal): Promise<{ items: Branch[] }> {
  return api.get(`${projectBase(projectId)}/branches`, signal ? { signal } : {});
}

export function createBranch(projectId: string, body: { name: string; kind: string }): Promise<Branch> {
  return api.post<Branch>(`${projectBase(projectId)}/branches`, body);
}

export function listRevisions(projectId: string, signal?: AbortSignal): Promise<{ items: Revision[] }> {
  return api.get(`${projectBase(projectId)}/revisions`, signal ? { signal } : {});
}

export function createRevision(projectId: string, body: { name: string }): Promise<Revision> {
  return api.post<Revision>(`${projectBase(projectId)}/revisions`, body);
}

/** Records per kind of a stream: the `total` of each list, read one record deep. */
export async function countRecords(projectId: string, stream: StreamChoice, signal?: AbortSignal): Promise<Record<Section, number>> {
  const totals = await Promise.all(sections.map((section) => listRecords(projectId, section, { ...stream, limit: 1 }, signal).then((page) => page.total)));
  return Object.fromEntries(sections.map((section, i) => [section, totals[i]!])) as Record<Section, number>;
}

export function exportPath(projectId: string, format: 'json' | 'yaml'): string {
  return `${projectBase(projectId)}/export?format=${format}`;
}

export interface ImportItem {
  kind: string;
  id: string;
  name: string | null;
  change: 'added' | 'changed' | 'unchanged' | 'refused';
  error: string | null;
  importedAs: string | null;
}

/** Part 1 "Import result", plus the members no field reads. */
export interface ImportResult {
  applied: boolean;
  modelVersion: number;
  added: number;
  changed: number;
  unchanged: number;
  refused: number;
  items: ImportItem[];
  ignored?: { path: string; reason: string }[];
}

export function importModel(projectId: string, text: string, format: 'json' | 'yaml', options: { dryRun: boolean; expectedVersion?: number | null }): Promise<ImportResult> {
  return api.post<ImportResult>(`${projectBase(projectId)}/import`, text, {
    contentType: format === 'yaml' ? 'application/x-yaml' : 'application/json',
    query: { dryRun: options.dryRun ? 'true' : null, expectedVersion: options.expectedVersion ?? null },
  });
}
