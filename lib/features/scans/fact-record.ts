import type { AnyModelRecord, ModelKind, Provenance } from '../../core/model/model-records';
import { uuidV5 } from '../../core/model/uuid-v5';
import type { ScanFact } from './scan-fact';

/** Longest provenance source the model keeps (part 1 "Limits"). */
const maxProvenanceSource = 2000;

/** `<where>:<path>#L<start>-L<end>`: the repository (or Source) and the lines that state a fact. */
export function provenanceSourceOf(where: string, fact: ScanFact): string {
  const first = fact.evidence[0];
  const text = first ? `${where}:${first.path}#L${first.startLine}-L${first.endLine}` : where;
  return text.length <= maxProvenanceSource ? text : text.slice(0, maxProvenanceSource);
}

/**
 * The ID the record of an added fact gets when it is accepted and main has no record matching it:
 * stable per project, Source (or scan without one) and fact key, so a proposal made from the
 * scan can name the record before it exists.
 */
export function plannedFactRecordId(projectId: string, sourceOrScanId: string, factKey: string): string {
  return uuidV5(projectId, `${sourceOrScanId}:${factKey}`);
}

/** The fields every record of a kind has before a fact fills some of them (model-document defaults). */
const defaults: Readonly<Record<ModelKind, Record<string, unknown>>> = Object.freeze({
  element: { description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null },
  relationship: { label: null, technology: null, kind: 'structural', lineShape: null },
  message: { description: null, consumerIds: [], schemaId: null, tags: [] },
  schema: { description: null, version: 1 },
  operation: { transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null },
  channel: { kind: 'topic' },
  subscription: { retry: null, deadLetterChannelId: null },
  binding: { routingKey: null },
});

export interface FactRecordInput {
  fact: ScanFact;
  id: string;
  /** The record the fact changes, or null for a new one. */
  current: AnyModelRecord | null;
  /** Fact key → record ID, for the fact's references. */
  idOfKey(key: string): string | null;
  provenance: Provenance;
}

/**
 * The model-document entry an accepted fact writes: the current record (or
 * the kind's defaults), the fields the fact states, its references as record
 * IDs, and its truth label with provenance; an accepted fact has no stale mark.
 * The entry then goes through the import's rules like any document entry.
 */
export function factToDocumentEntry(input: FactRecordInput): Record<string, unknown> {
  const { fact } = input;
  const entry: Record<string, unknown> = { ...defaults[fact.kind], ...(input.current as unknown as Record<string, unknown> | null), ...fact.fields, id: input.id };
  for (const [field, ref] of Object.entries(fact.refs)) {
    entry[field] = Array.isArray(ref) ? ref.map((key) => input.idOfKey(key)) : ref === null ? null : input.idOfKey(ref);
  }
  if (fact.kind !== 'schema') {
    entry.factStatus = fact.factStatus;
    entry.provenance = input.provenance;
    entry.stale = null;
  }
  return entry;
}
