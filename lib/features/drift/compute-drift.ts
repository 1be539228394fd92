import { driftStatuses, type DriftCounts, type DriftItem, type DriftSource, type DriftStatus } from '../../../contracts/drift';
import { modelKinds, type AnyModelRecord, type ModelKind } from '../../core/model/model-records';
import { matchScanFacts, type BoundFact } from '../scans/match-facts';
import { referenceFields, type ScanFact } from '../scans/scan-fact';

/** A pending proposal of the scan read, by the fact key it proposes for. */
export interface PendingProposal {
  id: string;
  scanId: string;
  action: 'add' | 'change' | 'remove';
}

/** One Source and what drift reads of it. */
export interface DriftSourceInput {
  source: DriftSource;
  /** The facts of the scan read; null when the Source has no completed scan. */
  facts: readonly ScanFact[] | null;
  /** The Source's accepted facts: fact key → model record. */
  bindings: ReadonlyMap<string, BoundFact>;
  pending: ReadonlyMap<string, PendingProposal>;
}

export interface DriftInput {
  /** Main's records by ID. */
  model: ReadonlyMap<string, { kind: ModelKind; record: AnyModelRecord }>;
  sources: readonly DriftSourceInput[];
}

export interface DriftResult {
  /** Every item, in report order (status, kind, name, key). */
  items: DriftItem[];
  counts: DriftCounts;
}

/** Element statuses of things not (or no longer) built: code is not expected to show them. */
const notBuilt = new Set(['planned', 'removed']);

/**
 * What kind of record a scan of a Source can be said to have looked for: an
 * element by its element kind (a scan that reports apps looked for apps, not
 * for people), any other record by its kind.
 */
function reachOf(kind: ModelKind, fields: Record<string, unknown>): string {
  return kind === 'element' ? `element:${String(fields.kind)}` : kind;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Names of records and facts, and how a relationship-like thing is called by its ends. */
function namer(model: DriftInput['model'], factsByKey: ReadonlyMap<string, ScanFact>) {
  const recordName = (id: unknown): string => {
    if (typeof id !== 'string') return '?';
    if (id.startsWith('fact:')) return factName(id.slice(5));
    const record = model.get(id)?.record as unknown as Record<string, unknown> | undefined;
    return record ? (textOf(record.name) ?? id) : id;
  };
  const endsName = (kind: ModelKind, value: (field: string) => unknown): string | null => {
    if (kind === 'relationship') return `${recordName(value('fromId'))} → ${recordName(value('toId'))}`;
    if (kind === 'subscription') return `${recordName(value('channelId'))} → ${recordName(value('consumerId'))}`;
    if (kind === 'binding') return `${recordName(value('sourceChannelId'))} → ${recordName(value('targetChannelId'))}`;
    return null;
  };
  function factName(key: string): string {
    const fact = factsByKey.get(key);
    if (!fact) return key;
    return textOf(fact.fields.name) ?? endsName(fact.kind, (field) => (typeof fact.refs[field] === 'string' ? `fact:${fact.refs[field]}` : null)) ?? key;
  }
  return {
    ofRecord: (kind: ModelKind, record: AnyModelRecord): string => {
      const fields = record as unknown as Record<string, unknown>;
      return textOf(fields.name) ?? endsName(kind, (field) => fields[field]) ?? record.id;
    },
    ofFact: (fact: ScanFact, ends: Record<string, unknown>): string => textOf(fact.fields.name) ?? endsName(fact.kind, (field) => ends[field]) ?? fact.key,
  };
}

function labelOf(record: AnyModelRecord): string | null {
  return 'factStatus' in record ? record.factStatus : null;
}

function staleOf(record: AnyModelRecord): DriftItem['stale'] {
  return 'stale' in record && record.stale ? { sinceRevision: record.stale.sinceRevision, reason: record.stale.reason } : null;
}

/** Whether a record is, or hangs on, an element that is planned or removed. */
function isNotBuilt(model: DriftInput['model'], kind: ModelKind, record: AnyModelRecord): boolean {
  const fields = record as unknown as Record<string, unknown>;
  if (kind === 'element' && notBuilt.has(String(fields.status))) return true;
  for (const field of referenceFields[kind]) {
    const ids = Array.isArray(fields[field]) ? (fields[field] as unknown[]) : [fields[field]];
    for (const id of ids) {
      const target = typeof id === 'string' ? model.get(id) : undefined;
      if (target?.kind === 'element' && field !== 'parentId' && notBuilt.has(String((target.record as unknown as Record<string, unknown>).status))) return true;
    }
  }
  return false;
}

const kindOrder = (kind: string) => modelKinds.indexOf(kind as ModelKind);

/** Report order: status, kind, name, key. */
export function compareDriftItems(a: Pick<DriftItem, 'status' | 'entityKind' | 'name' | 'key'>, b: Pick<DriftItem, 'status' | 'entityKind' | 'name' | 'key'>): number {
  return (
    driftStatuses.indexOf(a.status) - driftStatuses.indexOf(b.status) ||
    kindOrder(a.entityKind) - kindOrder(b.entityKind) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

export function countDriftItems(items: readonly Pick<DriftItem, 'status'>[]): DriftCounts {
  const counts = Object.fromEntries(driftStatuses.map((status) => [status, 0])) as Record<DriftStatus, number>;
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/**
 * Drift of main against the Sources' scans (docs/change-review.md "Drift";
 * docs/decisions.md). Pure. Each scanned fact is matched to main by the
 * scans' own matching (match-facts.ts): no record is seen-not-documented,
 * a record with other values changed, else in-sync. A record of main that no
 * Source's scan saw is documented-not-seen only when a Source with a complete
 * scan could have seen it: the Source accepted it as a fact, or, for a record
 * no Source accepted, the scan reports records of its kind (an element: of its
 * element kind). Planned and removed elements, and records that hang on them,
 * are not expected in code.
 */
export function computeDrift(input: DriftInput): DriftResult {
  const items: DriftItem[] = [];
  const seen = new Set<string>();
  const boundAnywhere = new Set<string>();
  for (const entry of input.sources) for (const bound of entry.bindings.values()) boundAnywhere.add(bound.entityId);
  /** Record ID → the complete Sources that accepted it and did not see it, with the fact key. */
  const missedBound = new Map<string, { sources: DriftSource[]; factKey: string; proposal: PendingProposal | null }>();
  /** Reach (kind, element kind) → the complete Sources whose scan reports it. */
  const reach = new Map<string, DriftSource[]>();
  const sourceRef = (source: DriftSource) => ({ id: source.id, name: source.name });

  for (const entry of input.sources) {
    if (entry.facts === null) continue;
    const { source } = entry;
    const factsByKey = new Map(entry.facts.map((fact) => [fact.key, fact]));
    const names = namer(input.model, factsByKey);
    for (const match of matchScanFacts({ facts: entry.facts, bindings: entry.bindings, model: input.model })) {
      const { fact } = match;
      const proposal = entry.pending.get(fact.key) ?? null;
      const common = { entityKind: fact.kind, factKey: fact.key, sources: [sourceRef(source)], evidence: fact.evidence.map((e) => ({ path: e.path, startLine: e.startLine, endLine: e.endLine })), proposal };
      const sourceKey = source.id ?? `name:${source.name}`;
      if (match.entityId === null) {
        items.push({ key: `seen-not-documented|${sourceKey}|${fact.key}`, status: 'seen-not-documented', name: names.ofFact(fact, match.ends), recordId: null, changes: [], factStatus: fact.kind === 'schema' ? null : fact.factStatus, stale: null, ...common });
        continue;
      }
      seen.add(match.entityId);
      const { kind, record } = input.model.get(match.entityId)!;
      const current = record as unknown as Record<string, unknown>;
      const changes = match.changedFields.map((field) => ({ field, model: current[field] ?? null, seen: field in fact.fields ? fact.fields[field] : (match.ends[field] ?? null) }));
      const status: DriftStatus = changes.length > 0 ? 'changed' : 'in-sync';
      items.push({ key: `${status}|${sourceKey}|${fact.key}`, status, name: names.ofRecord(kind, record), recordId: match.entityId, changes, factStatus: labelOf(record), stale: staleOf(record), ...common });
    }
    if (!source.isComplete) continue;
    for (const fact of entry.facts) {
      const at = reachOf(fact.kind, fact.fields);
      const list = reach.get(at) ?? [];
      if (!list.includes(source)) reach.set(at, [...list, source]);
    }
    for (const [factKey, bound] of entry.bindings) {
      if (factsByKey.has(factKey) || !input.model.has(bound.entityId)) continue;
      const missed = missedBound.get(bound.entityId) ?? { sources: [], factKey, proposal: entry.pending.get(factKey) ?? null };
      if (!missed.sources.includes(source)) missed.sources.push(source);
      missedBound.set(bound.entityId, missed);
    }
  }

  const names = namer(input.model, new Map());
  for (const [id, { kind, record }] of input.model) {
    if (seen.has(id) || isNotBuilt(input.model, kind, record)) continue;
    const missed = missedBound.get(id);
    const expectedBy = missed?.sources ?? (boundAnywhere.has(id) ? [] : (reach.get(reachOf(kind, record as unknown as Record<string, unknown>)) ?? []));
    if (expectedBy.length === 0) continue;
    items.push({
      key: `documented-not-seen|${id}`,
      status: 'documented-not-seen',
      entityKind: kind,
      name: names.ofRecord(kind, record),
      recordId: id,
      factKey: missed?.factKey ?? null,
      sources: expectedBy.map(sourceRef),
      evidence: [],
      changes: [],
      factStatus: labelOf(record),
      stale: staleOf(record),
      proposal: missed?.proposal ?? null,
    });
  }
  items.sort(compareDriftItems);
  return { items, counts: countDriftItems(items) };
}
