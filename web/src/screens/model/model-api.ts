/**
 * The model API as the model screens call it (DECISIONS.md section 2): one
 * collection per record kind, read from main, a branch (`branchId`) or a
 * revision (`revisionId`), edited on main or a branch. Each call is typed by
 * its route and the records by their contracts (contracts/model.ts), read as
 * types only, so the client cannot drift from what the API answers.
 */
import type { Project } from '../../../../contracts/account';
import type { FactStatus } from '../../../../contracts/fact-statuses';
import type { AnyModelRecord, ChannelRecord, ElementKind, ElementStatus, FactLabel, ImportResult, ModelKind, OperationRecord, RecordPage, RelationshipRecord } from '../../../../contracts/model';
import type { Branch, Revision } from '../../../../contracts/streams';
import { call } from '../../api/call';

export type { Project } from '../../../../contracts/account';
export type { FactStatus } from '../../../../contracts/fact-statuses';
export type { AnyModelRecord, ElementRecord, FactFields, ImportItem, ImportResult, ModelKind, RecordPage } from '../../../../contracts/model';
export type { Branch, Revision } from '../../../../contracts/streams';

/** The closed sets the forms and filters offer, in the service's order: a value missing here or unknown to the contract fails the type check. */
const elementKindSet: Record<ElementKind, true> = { actor: true, system: true, app: true, store: true, component: true };
const elementStatusSet: Record<ElementStatus, true> = { current: true, planned: true, deprecated: true, removed: true };
const relationshipKindSet: Record<RelationshipRecord['kind'], true> = { structural: true, behavioural: true };
const transportSet: Record<OperationRecord['transport'], true> = { http: true, grpc: true, command: true };
const channelKindSet: Record<ChannelRecord['kind'], true> = { topic: true, queue: true, exchange: true };
const factStatusSet: Record<FactStatus, true> = { declared: true, 'observed-in-source': true, inferred: true, measured: true, unknown: true };
export const elementKinds = Object.keys(elementKindSet) as ElementKind[];
export const elementStatuses = Object.keys(elementStatusSet) as ElementStatus[];
export const relationshipKinds = Object.keys(relationshipKindSet) as RelationshipRecord['kind'][];
export const transports = Object.keys(transportSet) as OperationRecord['transport'][];
export const channelKinds = Object.keys(channelKindSet) as ChannelRecord['kind'][];
export const factStatuses = Object.keys(factStatusSet) as FactStatus[];

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

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function listRecords(
  projectId: string,
  section: Section,
  options: StreamChoice & { cursor?: string | null; limit?: number; refersTo?: string | null },
  signal?: AbortSignal,
): Promise<RecordPage> {
  return call(`GET /api/projects/{projectId}/${section}`, { projectId }, {
    query: { branchId: options.branchId, revisionId: options.revisionId, cursor: options.cursor, limit: options.limit ?? 50, refersTo: options.refersTo },
    ...withSignal(signal),
  });
}

export function getRecord(projectId: string, section: Section, id: string, stream: StreamChoice, signal?: AbortSignal): Promise<AnyModelRecord> {
  return call(`GET /api/projects/{projectId}/${section}/{id}`, { projectId, id }, { query: { branchId: stream.branchId, revisionId: stream.revisionId }, ...withSignal(signal) });
}

export function createRecord(projectId: string, section: Section, body: unknown, branchId: string | null): Promise<AnyModelRecord> {
  return call(`POST /api/projects/{projectId}/${section}`, { projectId }, { body, query: { branchId } });
}

export function replaceRecord(projectId: string, section: Section, id: string, body: unknown, branchId: string | null): Promise<AnyModelRecord> {
  return call(`PUT /api/projects/{projectId}/${section}/{id}`, { projectId, id }, { body, query: { branchId } });
}

export function deleteRecord(projectId: string, section: Section, id: string, branchId: string | null): Promise<void> {
  return call(`DELETE /api/projects/{projectId}/${section}/{id}`, { projectId, id }, { query: { branchId } });
}

/** `accept` or `mark-unknown` of part 1 "Facts"; the entity type is the collection name. */
export function decideFact(projectId: string, section: Section, id: string, decision: 'accept' | 'mark-unknown', branchId: string | null): Promise<FactLabel> {
  return call(`POST /api/projects/{projectId}/facts/{entityType}/{entityId}/${decision}`, { projectId, entityType: section, entityId: id }, { body: {}, query: { branchId } });
}

export function getProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  return call('GET /api/projects/{projectId}', { projectId }, withSignal(signal));
}

export function listBranches(projectId: string, signal?: AbortSignal): Promise<{ items: Branch[] }> {
  return call('GET /api/projects/{projectId}/branches', { projectId }, withSignal(signal));
}

export function createBranch(projectId: string, body: { name: string; kind: string }): Promise<Branch> {
  return call('POST /api/projects/{projectId}/branches', { projectId }, { body });
}

export function listRevisions(projectId: string, signal?: AbortSignal): Promise<{ items: Revision[] }> {
  return call('GET /api/projects/{projectId}/revisions', { projectId }, withSignal(signal));
}

export function createRevision(projectId: string, body: { name: string }): Promise<Revision> {
  return call('POST /api/projects/{projectId}/revisions', { projectId }, { body });
}

/** Records per kind of a stream: the `total` of each list, read one record deep. */
export async function countRecords(projectId: string, stream: StreamChoice, signal?: AbortSignal): Promise<Record<Section, number>> {
  const totals = await Promise.all(sections.map((section) => listRecords(projectId, section, { ...stream, limit: 1 }, signal).then((page) => page.total)));
  return Object.fromEntries(sections.map((section, i) => [section, totals[i]!])) as Record<Section, number>;
}

/** The export's address, for a download link (the browser reads the file, not the client). */
export function exportPath(projectId: string, format: 'json' | 'yaml'): string {
  return `/api/projects/${encodeURIComponent(projectId)}/export?format=${format}`;
}

export function importModel(projectId: string, text: string, format: 'json' | 'yaml', options: { dryRun: boolean; expectedVersion?: number | null }): Promise<ImportResult> {
  return call('POST /api/projects/{projectId}/import', { projectId }, {
    body: text,
    contentType: format === 'yaml' ? 'application/x-yaml' : 'application/json',
    query: { dryRun: options.dryRun ? 'true' : null, expectedVersion: options.expectedVersion ?? null },
  });
}
