/**
 * `labels` of a run result: "a name for each ID an event can hold" (part 1
 * "Scenarios"). Elements, operations, channels and messages by their names;
 * a subscription as "<channel> → <consumer>"; a binding as
 * "<source> → <target>" with its routing key in brackets.
 */
import type { ModelSnapshot } from '../model/model-records';
import type { PlaybackEvent } from './playback-types';

function nameOf(model: ModelSnapshot, id: string): string | null {
  const named = model.element.get(id) ?? model.operation.get(id) ?? model.channel.get(id) ?? model.message.get(id);
  if (named) return named.name;
  const subscription = model.subscription.get(id);
  if (subscription) return `${model.channel.get(subscription.channelId)?.name ?? subscription.channelId} → ${model.element.get(subscription.consumerId)?.name ?? subscription.consumerId}`;
  const binding = model.binding.get(id);
  if (binding) {
    const source = model.channel.get(binding.sourceChannelId)?.name ?? binding.sourceChannelId;
    const target = model.channel.get(binding.targetChannelId)?.name ?? binding.targetChannelId;
    return binding.routingKey === null ? `${source} → ${target}` : `${source} → ${target} [${binding.routingKey}]`;
  }
  return null;
}

/**
 * A name for every ID in the `from`, `to`, `target` and `message` members of
 * the events, keys in ID order.
 *
 * @example
 * labelTrace(model, events) // { '00000000-…-000000000001': 'Checkout', … }
 */
export function labelTrace(model: ModelSnapshot, events: readonly PlaybackEvent[]): Record<string, string> {
  const ids = new Set<string>();
  // Neighbouring events mostly hold the same IDs: skip the set for a repeat.
  let from: string | null = null;
  let to: string | null = null;
  let target: string | null = null;
  let message: string | null = null;
  for (const event of events) {
    if (event.from !== from && event.from !== null) ids.add((from = event.from));
    if (event.to !== to && event.to !== null) ids.add((to = event.to));
    if (event.target !== target && event.target !== null) ids.add((target = event.target));
    if (event.message !== message && event.message !== null) ids.add((message = event.message));
  }
  const labels: Record<string, string> = {};
  for (const id of [...ids].sort()) {
    const name = nameOf(model, id);
    if (name !== null) labels[id] = name;
  }
  return labels;
}
