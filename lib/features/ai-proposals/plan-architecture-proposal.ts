/**
 * Architecture proposals against the model (docs/ai-proposals.md
 * "Architecture proposals"): each item of an architecture output becomes a
 * record the import's reader and rules (lib/core/model/plan-import.ts) accept, or
 * is dropped with the reason; the same check runs again on the accepted
 * items when a person decides. Pure: IDs are passed in.
 */
import type { AnyModelRecord, FactFields, ModelKind, ModelSnapshot } from '../../core/model/model-records';
import { modelKinds, sectionOfKind } from '../../core/model/model-records';
import { planImport, schemaIdsNamedIn } from '../../core/model/plan-import';
import { normalizeGuid } from '../../platform/text/text-rules';
import type { ArchitectureItem, ArchitectureOutput } from './architecture-output';
import { proposalProvenance } from './proposal-provenance';
import { referenceFieldsOf, type ProposalRecordKind } from './proposal-records';
import { resolveReference } from './resolve-references';

/** An item as an architecture proposal stores and offers it. */
export interface OfferedItem {
  /** The item's own ID: what `decide` names in `accept` and `reject`. */
  id: string;
  kind: ProposalRecordKind;
  action: 'add' | 'update';
  /** The record the item adds (its new ID) or changes. */
  recordId: string;
  ref: string | null;
  /** The record's fields as proposed, references resolved to IDs. */
  record: Record<string, unknown>;
  confidence: number;
  rationale: string;
  decision: 'pending' | 'accepted' | 'rejected';
}

/** An item the check refused before it was offered. */
export interface DroppedItem {
  /** Position in the answer (or the submitted `proposal.items`). */
  index: number;
  kind: string;
  action: string;
  ref: string | null;
  recordId: string | null;
  reason: string;
}

export interface ArchitecturePlan {
  items: OfferedItem[];
  dropped: DroppedItem[];
  notes: string | null;
}

/** What the records of accepted items are written with: a provenance source, and who accepted when. */
export interface RecordLabel {
  provenanceSource: string;
  accepted: { by: string; at: string } | null;
}

/** Fields of a kind that the proposal's schema leaves out, with their value for a new record. */
const defaultsOf: Partial<Record<ProposalRecordKind, Record<string, unknown>>> = { element: { icon: null }, relationship: { lineShape: null } };

/**
 * The record an item writes into `model`: a new record with its defaults, or
 * the current record with the proposed fields laid over (fields outside the
 * proposal's schema, such as a stale mark or a line shape, stay). Labelled
 * `inferred` with the item's confidence, whatever the answer said.
 */
export function recordOfItem(item: Pick<OfferedItem, 'kind' | 'action' | 'recordId' | 'record' | 'confidence'>, model: ModelSnapshot, label: RecordLabel): { ok: true; record: AnyModelRecord } | { ok: false; reason: string } {
  const fact: Omit<FactFields, 'stale'> = { factStatus: 'inferred', provenance: proposalProvenance(label.provenanceSource, item.confidence, label.accepted) };
  const holder = modelKinds.find((kind) => model[kind].has(item.recordId));
  if (item.action === 'add') {
    if (holder) return { ok: false, reason: `id: ${item.recordId} is in use by ${holder === 'element' ? 'an' : 'a'} ${holder} of the model` };
    return { ok: true, record: { ...defaultsOf[item.kind], ...item.record, id: item.recordId, ...fact, stale: null } as unknown as AnyModelRecord };
  }
  const current = model[item.kind].get(item.recordId);
  if (!current) return { ok: false, reason: `id: the model has no ${item.kind} ${item.recordId} to update` };
  return { ok: true, record: { ...current, ...item.record, id: item.recordId, ...fact } as unknown as AnyModelRecord };
}

/**
 * The import's verdict on a set of items' records together, against `model`:
 * the reason each refused item is refused (by item ID), and the records to
 * write when none is.
 */
export function checkItems(
  items: readonly OfferedItem[],
  model: ModelSnapshot,
  input: { projectId: string; foreignSchemaIds: ReadonlySet<string>; label: RecordLabel },
): { refused: Map<string, string>; upserts: { kind: ModelKind; record: AnyModelRecord; change: 'added' | 'changed' }[] } {
  const refused = new Map<string, string>();
  const records = new Map<string, { item: OfferedItem; record: AnyModelRecord }>();
  for (const item of items) {
    const made = recordOfItem(item, model, input.label);
    if (!made.ok) refused.set(item.id, made.reason);
    else records.set(item.id, { item, record: made.record });
  }
  const document: Record<string, AnyModelRecord[]> = {};
  const itemOfRecord = new Map<string, string>();
  for (const { item, record } of records.values()) {
    const key = `${item.kind}:${record.id}`;
    // Two items on one record: the later one is refused, as the import refuses a repeated ID.
    if (itemOfRecord.has(key)) {
      refused.set(item.id, 'id: an earlier item of this proposal changes the same record');
      continue;
    }
    itemOfRecord.set(key, item.id);
    (document[sectionOfKind[item.kind]] ??= []).push(record);
  }
  const plan = planImport({ current: model, document, projectId: input.projectId, streamId: input.projectId, foreignSchemaIds: input.foreignSchemaIds });
  for (const refusal of plan.refusals) {
    const itemId = itemOfRecord.get(refusal.field);
    if (itemId !== undefined && !refused.has(itemId)) refused.set(itemId, refusal.message);
  }
  if (refused.size > 0) return { refused, upserts: [] };
  const added = new Set(items.filter((item) => item.action === 'add').map((item) => item.recordId));
  return { refused, upserts: plan.upserts.map((u) => ({ kind: u.kind, record: u.record as AnyModelRecord, change: added.has(u.record.id) ? 'added' : 'changed' })) };
}

/** Schema IDs the items name (import rule 9 asks which another project owns). */
export function schemaIdsOfItems(items: readonly Pick<OfferedItem, 'kind' | 'record'>[]): string[] {
  return schemaIdsNamedIn({
    messages: items.filter((i) => i.kind === 'message').map((i) => i.record),
    operations: items.filter((i) => i.kind === 'operation').map((i) => i.record),
  });
}

/** An item's fields with every reference turned into a record ID (a GUID in lower case, or the ID of the alias). */
function resolveItemRecord(source: ArchitectureItem, aliases: ReadonlyMap<string, string>): { ok: true; record: Record<string, unknown> } | { ok: false; reason: string } {
  const record: Record<string, unknown> = { ...source.record };
  for (const field of referenceFieldsOf[source.kind]) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    const ids: string[] = [];
    for (const entry of values) {
      const resolved = resolveReference(entry, aliases);
      if (!resolved.ok) return { ok: false, reason: `${field}: ${resolved.message}` };
      ids.push(resolved.id);
    }
    record[field] = Array.isArray(value) ? ids : ids[0];
  }
  for (const field of ['schemaId', 'requestSchemaId', 'responseSchemaId']) {
    if (!(field in record) || record[field] === null) continue;
    const guid = normalizeGuid(record[field]);
    if (guid === null) return { ok: false, reason: `${field}: must be the GUID of a schema of the model, or null` };
    record[field] = guid;
  }
  return { ok: true, record };
}

export interface ArchitecturePlanInput {
  model: ModelSnapshot;
  projectId: string;
  output: ArchitectureOutput;
  foreignSchemaIds: ReadonlySet<string>;
  provenanceSource: string;
  newId: () => string;
}

/**
 * Offers the items of an architecture output that the import would accept
 * together; drops the others with their reason. An item whose reference names
 * a dropped item is dropped in turn (the check runs until nothing more drops).
 *
 * @example
 * const plan = planArchitectureProposal({ model, projectId, output, foreignSchemaIds: new Set(), provenanceSource, newId: randomUUID });
 */
export function planArchitectureProposal(input: ArchitecturePlanInput): ArchitecturePlan {
  const dropped: DroppedItem[] = [];
  const drop = (index: number, item: ArchitectureItem, recordId: string | null, reason: string) => dropped.push({ index, kind: item.kind, action: item.action, ref: item.ref, recordId, reason });

  // Record IDs first: an added record gets a new ID (or the GUID a submitter chose), so that aliases resolve.
  const aliases = new Map<string, string>();
  const recordIds: (string | null)[] = input.output.items.map((item, index) => {
    const given = normalizeGuid(item.id);
    if (item.action === 'update') {
      if (given === null) drop(index, item, null, 'id: an update names the record it changes by its GUID');
      return given;
    }
    const recordId = given ?? input.newId();
    if (item.ref !== null) {
      if (aliases.has(item.ref)) {
        drop(index, item, recordId, 'ref: another item of this proposal uses this alias');
        return null;
      }
      aliases.set(item.ref, recordId);
    }
    return recordId;
  });

  let candidates: { index: number; item: OfferedItem; source: ArchitectureItem }[] = [];
  input.output.items.forEach((source, index) => {
    const recordId = recordIds[index];
    if (recordId === null || recordId === undefined) return;
    const resolved = resolveItemRecord(source, aliases);
    if (!resolved.ok) {
      drop(index, source, recordId, resolved.reason);
      return;
    }
    candidates.push({
      index,
      source,
      item: { id: input.newId(), kind: source.kind, action: source.action, recordId, ref: source.action === 'add' ? source.ref : null, record: resolved.record, confidence: source.confidence, rationale: source.rationale, decision: 'pending' },
    });
  });

  // Until a round drops nothing: an item may only stand because of one the round before dropped.
  const label: RecordLabel = { provenanceSource: input.provenanceSource, accepted: null };
  for (let round = 0; round <= input.output.items.length && candidates.length > 0; round++) {
    const { refused } = checkItems(
      candidates.map((c) => c.item),
      input.model,
      { projectId: input.projectId, foreignSchemaIds: input.foreignSchemaIds, label },
    );
    if (refused.size === 0) break;
    for (const candidate of candidates) {
      const reason = refused.get(candidate.item.id);
      if (reason !== undefined) drop(candidate.index, candidate.source, candidate.item.recordId, reason);
    }
    candidates = candidates.filter((c) => !refused.has(c.item.id));
  }
  dropped.sort((a, b) => a.index - b.index);
  return { items: candidates.map((c) => c.item), dropped, notes: input.output.notes };
}
