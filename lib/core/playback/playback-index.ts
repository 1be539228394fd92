/**
 * Indexes of one model snapshot that routing reads for every message, built
 * once per run. Part 1 playback rule 7: "Order: subscriptions by ID, then
 * bindings by ID" — so both lists are sorted by ID here, never left in the
 * snapshot's Map order.
 */
import type { BindingRecord, ModelSnapshot, OperationRecord, SubscriptionRecord } from '../model/model-records';
import { compileTopicPattern, type TopicPattern } from './topic-pattern';

/** A binding with its routing key prepared for matching (null: "a binding without routing key passes every message"). */
export interface IndexedBinding {
  readonly record: BindingRecord;
  readonly pattern: TopicPattern | null;
}

/** Subscriptions by channel and bindings by source channel, each list in ID order. */
export interface PlaybackIndex {
  readonly model: ModelSnapshot;
  readonly subscriptionsByChannel: ReadonlyMap<string, readonly SubscriptionRecord[]>;
  readonly bindingsBySource: ReadonlyMap<string, readonly IndexedBinding[]>;
}

const none: readonly never[] = Object.freeze([]);

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function grouped<T, R extends { id: string }>(records: Iterable<T>, key: (record: T) => string, map: (record: T) => R, order: (r: R) => { id: string }): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const record of records) {
    const k = key(record);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = []));
    group.push(map(record));
  }
  for (const group of groups.values()) group.sort((a, b) => byId(order(a), order(b)));
  return groups;
}

/** Builds the routing indexes of a model snapshot. */
export function buildPlaybackIndex(model: ModelSnapshot): PlaybackIndex {
  return {
    model,
    subscriptionsByChannel: grouped(model.subscription.values(), (s) => s.channelId, (s) => s, (s) => s),
    bindingsBySource: grouped(
      model.binding.values(),
      (b) => b.sourceChannelId,
      (b): IndexedBinding & { id: string } => ({ id: b.id, record: b, pattern: b.routingKey === null ? null : compileTopicPattern(b.routingKey) }),
      (b) => b,
    ),
  };
}

/** The subscriptions on a channel, in ID order. */
export function subscriptionsOf(index: PlaybackIndex, channelId: string): readonly SubscriptionRecord[] {
  return index.subscriptionsByChannel.get(channelId) ?? none;
}

/** The bindings whose source is the channel, in ID order. */
export function bindingsFrom(index: PlaybackIndex, channelId: string): readonly IndexedBinding[] {
  return index.bindingsBySource.get(channelId) ?? none;
}

/**
 * The timeout of an operation, or null when it has none. Part 1 gives
 * `timeoutMs` as 0 to 3600000 and allows a Timeout fault "only on an
 * operation that has a timeout": a call with a timeout of 0 could never answer
 * in time (an answer at the deadline is late), so 0, like null, means none.
 */
export function operationTimeoutMs(operation: Pick<OperationRecord, 'timeoutMs'>): number | null {
  const timeoutMs = operation.timeoutMs;
  return typeof timeoutMs === 'number' && timeoutMs > 0 ? timeoutMs : null;
}
