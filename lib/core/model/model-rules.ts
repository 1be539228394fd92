/**
 * The rules of the model (part 1 "Resources and their fields" and import rules
 * 4, 5 and 8), each a named function returning the reasons a record breaks it.
 * Import and single edits call the same functions, so both refuse the same
 * things with the same words. Every rule reads the model AFTER the change.
 */
import { lookupsOf, type Referrer } from './model-index';
import {
  modelKinds,
  type BindingRecord,
  type ChannelRecord,
  type ElementKind,
  type ElementRecord,
  type FactFields,
  type ModelKind,
  type ModelSnapshot,
  type RecordOfKind,
  type RelationshipRecord,
  type SchemaRecord,
  type SubscriptionRecord,
} from './model-records';
import { bindingKeyOf, recordRefersTo, referencesOf } from './model-references';
import type { Neighbourhood } from './partial-model';

/** What the rules need besides the record and the model after the change. */
export interface RuleContext {
  /** ID of the project's model stream: "A schema ID must not be the ID of the model stream of the project" (import rule 8). */
  streamId: string;
  /** The model before the change, for the fields that may not change (element kind, relationship ends). Omit it for a new record. */
  before?: ModelSnapshot;
}

const article = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);

/** Each reference (parent, source, target, producer, consumer, owner, channel, schema) names a record of its kind in the model. */
export function checkReferencesExist<K extends ModelKind>(kind: K, record: RecordOfKind[K], model: ModelSnapshot): string[] {
  const reasons: string[] = [];
  for (const ref of referencesOf(kind, record)) {
    if (!model[ref.kind].has(ref.id)) reasons.push(`${ref.field}: no ${ref.kind} ${ref.id} in the model`);
  }
  return reasons;
}

// "actor and system have no parent; app and store need a parent of kind system; component needs a parent of kind app."
const parentKindOf: Readonly<Record<ElementKind, ElementKind | null>> = {
  actor: null,
  system: null,
  app: 'system',
  store: 'system',
  component: 'app',
};

/** Parent by kind (part 1 "Element"). A parent missing from the model is left to checkReferencesExist. */
export function checkParentKind(record: ElementRecord, model: ModelSnapshot): string[] {
  const wanted = parentKindOf[record.kind];
  if (wanted === null) return record.parentId === null ? [] : [`parentId: must be null for an element of kind ${record.kind}`];
  if (record.parentId === null) return [`parentId: an element of kind ${record.kind} needs a parent of kind ${wanted}`];
  const parent = model.element.get(record.parentId);
  if (parent && parent.kind !== wanted) return [`parentId: the parent of an element of kind ${record.kind} must be of kind ${wanted}, not ${parent.kind}`];
  return [];
}

/** An element cannot be its own ancestor. */
export function checkParentCycle(record: ElementRecord, model: ModelSnapshot): string[] {
  const seen = new Set<string>();
  for (let id = record.parentId; id !== null; ) {
    if (id === record.id) return ['parentId: the element would be its own ancestor'];
    // A loop above the element that does not pass through it is that other element's problem.
    if (seen.has(id)) return [];
    seen.add(id);
    id = model.element.get(id)?.parentId ?? null;
  }
  return [];
}

/** "kind … Cannot change once the element exists" (part 1 "Element", import rule 4). */
export function checkElementKindUnchanged(record: ElementRecord, previous: ElementRecord | undefined): string[] {
  return previous && previous.kind !== record.kind ? [`kind: cannot change from ${previous.kind} to ${record.kind} on an existing element`] : [];
}

/** "fromId and toId of an existing relationship do not change" (import rule 4). */
export function checkRelationshipEndsUnchanged(record: RelationshipRecord, previous: RelationshipRecord | undefined): string[] {
  if (!previous) return [];
  const reasons: string[] = [];
  if (previous.fromId !== record.fromId) reasons.push(`fromId: cannot change on an existing relationship (it is ${previous.fromId})`);
  if (previous.toId !== record.toId) reasons.push(`toId: cannot change on an existing relationship (it is ${previous.toId})`);
  return reasons;
}

/** An ID names one record of one kind across the whole model. */
export function checkIdUsedByOneKind(kind: ModelKind, id: string, model: ModelSnapshot): string[] {
  const reasons: string[] = [];
  for (const other of modelKinds) {
    if (other !== kind && model[other].has(id)) reasons.push(`id: already used by ${article(other)} in the model`);
  }
  return reasons;
}

/** "A schema ID must not be the ID of the model stream of the project" (import rule 8). */
export function checkSchemaIdNotStream(record: SchemaRecord, streamId: string): string[] {
  return record.id === streamId.toLowerCase() ? ["id: must not be the ID of the project's model stream"] : [];
}

/** Provenance rules by label: observed-in-source and measured need provenance.source; inferred needs source and confidence. */
export function checkProvenanceForLabel(record: FactFields): string[] {
  const { factStatus, provenance } = record;
  const reasons: string[] = [];
  if (factStatus === 'observed-in-source' || factStatus === 'measured' || factStatus === 'inferred') {
    if (provenance?.source == null) reasons.push(`provenance.source: is required when factStatus is ${factStatus}`);
  }
  if (factStatus === 'inferred' && provenance?.confidence == null) reasons.push('provenance.confidence: is required when factStatus is inferred');
  return reasons;
}

/** deadLetterChannelId: "A channel in the model other than channelId". */
export function checkDeadLetterChannel(record: SubscriptionRecord): string[] {
  return record.deadLetterChannelId !== null && record.deadLetterChannelId === record.channelId
    ? ['deadLetterChannelId: must be a channel other than channelId']
    : [];
}

const sourceKinds: ReadonlySet<string> = new Set(['exchange', 'topic']);
const targetKinds: ReadonlySet<string> = new Set(['queue', 'exchange']);

/** Binding: source a channel of kind exchange or topic; target of kind queue or exchange, not the source. */
export function checkBindingChannels(record: BindingRecord, model: ModelSnapshot): string[] {
  const reasons: string[] = [];
  const source = model.channel.get(record.sourceChannelId);
  if (source && !sourceKinds.has(source.kind)) reasons.push(`sourceChannelId: must be a channel of kind exchange or topic, not ${source.kind}`);
  if (record.targetChannelId === record.sourceChannelId) {
    reasons.push('targetChannelId: must not be the source channel');
  } else {
    const target = model.channel.get(record.targetChannelId);
    if (target && !targetKinds.has(target.kind)) reasons.push(`targetChannelId: must be a channel of kind queue or exchange, not ${target.kind}`);
  }
  return reasons;
}

/**
 * "A second binding with the same three values is refused." `ignore` lets the
 * import leave out bindings it reads later (they are the second ones).
 */
export function checkBindingUnique(record: BindingRecord, model: ModelSnapshot, ignore: (bindingId: string) => boolean = () => false): string[] {
  const key = bindingKeyOf(record);
  // When several bindings already share the key, the smallest ID is named: the whole model and an
  // edit's neighbourhood list candidates in different orders, and both must answer the same words.
  let named: string | undefined;
  for (const id of lookupsOf(model).bindingCandidates(key)) {
    if (id === record.id || ignore(id) || (named !== undefined && id >= named)) continue;
    const other = model.binding.get(id);
    if (other && bindingKeyOf(other) === key) named = id;
  }
  return named === undefined ? [] : [`routingKey: binding ${named} has the same source, target and routing key`];
}

/**
 * A channel's kind must still suit the bindings that use it. The channel kind
 * may change (unlike an element's), so this rule looks from the channel at the
 * bindings, the other direction of checkBindingChannels.
 */
export function checkChannelKindFitsBindings(record: ChannelRecord, model: ModelSnapshot): string[] {
  const reasons: string[] = [];
  for (const ref of findReferrers(model, 'channel', record.id)) {
    if (ref.kind !== 'binding') continue;
    if (ref.field === 'sourceChannelId' && !sourceKinds.has(record.kind)) {
      reasons.push(`kind: binding ${ref.id} uses this channel as its source, which must be of kind exchange or topic`);
    } else if (ref.field === 'targetChannelId' && !targetKinds.has(record.kind)) {
      reasons.push(`kind: binding ${ref.id} uses this channel as its target, which must be of kind queue or exchange`);
    }
  }
  return reasons;
}

/**
 * The rules about the record itself and what it refers to. The import checks
 * these while it reads, against the model as read so far.
 */
export function checkRecordItself<K extends ModelKind>(kind: K, record: RecordOfKind[K], model: ModelSnapshot, context: RuleContext): string[] {
  const reasons = [...checkIdUsedByOneKind(kind, record.id, model), ...checkReferencesExist(kind, record, model)];
  if (kind !== 'schema') reasons.push(...checkProvenanceForLabel(record as RecordOfKind[Exclude<ModelKind, 'schema'>]));
  switch (kind) {
    case 'element': {
      const element = record as ElementRecord;
      reasons.push(...checkElementKindUnchanged(element, context.before?.element.get(element.id)));
      reasons.push(...checkParentKind(element, model), ...checkParentCycle(element, model));
      break;
    }
    case 'relationship': {
      const relationship = record as RelationshipRecord;
      reasons.push(...checkRelationshipEndsUnchanged(relationship, context.before?.relationship.get(relationship.id)));
      break;
    }
    case 'schema':
      reasons.push(...checkSchemaIdNotStream(record as SchemaRecord, context.streamId));
      break;
    case 'subscription':
      reasons.push(...checkDeadLetterChannel(record as SubscriptionRecord));
      break;
    case 'binding':
      reasons.push(...checkBindingChannels(record as BindingRecord, model));
      break;
  }
  return reasons;
}

/**
 * The rules that involve other records: bindings that use a channel, and the
 * uniqueness of a binding. The import checks these once everything is read, so
 * that one document can both re-point a binding and change its old channel.
 */
export function checkRecordAmongOthers<K extends ModelKind>(kind: K, record: RecordOfKind[K], model: ModelSnapshot): string[] {
  if (kind === 'channel') return checkChannelKindFitsBindings(record as ChannelRecord, model);
  if (kind === 'binding') return checkBindingUnique(record as BindingRecord, model);
  return [];
}

/**
 * Every model rule for one record, against the model AFTER the change (pass an
 * overlay holding the record); empty when the record may be written.
 *
 * @example
 * const after = overlayModel(stored, [{ kind: 'binding', record }]);
 * checkRecord('binding', record, after, { streamId, before: stored }) // ['targetChannelId: must not be the source channel']
 */
export function checkRecord<K extends ModelKind>(kind: K, record: RecordOfKind[K], model: ModelSnapshot, context: RuleContext): string[] {
  return [...checkRecordItself(kind, record, model, context), ...checkRecordAmongOthers(kind, record, model)];
}

/**
 * What `checkRecord` reads of the model besides the record, so that an edit
 * can load just that (docs/model-document.md "What an edit checks"). Rule by
 * rule:
 * - checkIdUsedByOneKind: the record's own ID, in every kind;
 * - checkReferencesExist: each ID the record refers to;
 * - checkElementKindUnchanged, checkRelationshipEndsUnchanged: the stored record of the same ID;
 * - checkParentKind: the parent (a reference); checkParentCycle: the elements above the parent,
 *   up to the record itself;
 * - checkBindingChannels: the source and target channels (references);
 * - checkBindingUnique: the bindings with the same source and target;
 * - checkChannelKindFitsBindings: the records that refer to the channel;
 * - checkProvenanceForLabel, checkDeadLetterChannel, checkSchemaIdNotStream: the record alone.
 *
 * @example
 * neighbourhoodOfRecord('element', component) // { ids: [component.id, app.id], ancestors: { from: app.id, stopAt: component.id }, … }
 */
export function neighbourhoodOfRecord<K extends ModelKind>(kind: K, record: RecordOfKind[K]): Neighbourhood {
  const parentId = kind === 'element' ? (record as ElementRecord).parentId : null;
  return {
    ids: [record.id, ...referencesOf(kind, record).map((ref) => ref.id)],
    ancestors: parentId === null ? null : { from: parentId, stopAt: record.id },
    referrersOf: kind === 'channel' ? [{ kind, id: record.id }] : [],
    bindingsLike: kind === 'binding' ? [record as BindingRecord] : [],
  };
}

/** What a delete reads: the record, and every record that refers to it (`findReferrers`). */
export function neighbourhoodOfDelete(kind: ModelKind, id: string): Neighbourhood {
  return { ids: [id], ancestors: null, referrersOf: [{ kind, id }], bindingsLike: [] };
}

/** Records by ID only (whatever their kind), e.g. the stored record an edit replaces. */
export function neighbourhoodOfIds(ids: readonly string[]): Neighbourhood {
  return { ids, ancestors: null, referrersOf: [], bindingsLike: [] };
}

/**
 * Every record that refers to (kind, id), with the field it refers through
 * (children by parentId included; the record itself left out). A delete that
 * would leave one of them dangling is a conflict.
 */
export function findReferrers(model: ModelSnapshot, kind: ModelKind, id: string): Referrer[] {
  const found = new Map<string, Referrer>();
  for (const candidate of lookupsOf(model).referrerCandidates(kind, id)) {
    if (candidate.kind === kind && candidate.id === id) continue;
    const record = model[candidate.kind].get(candidate.id);
    if (!record || !recordRefersTo(record, candidate.field, id)) continue;
    found.set(`${candidate.kind}:${candidate.id}:${candidate.field}`, candidate);
  }
  const order = (k: ModelKind) => modelKinds.indexOf(k);
  return [...found.values()].sort((a, b) => order(a.kind) - order(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.field < b.field ? -1 : 1));
}
