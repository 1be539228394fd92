/**
 * `labels` of a run result: "a name for each ID an event can hold" (part 1
 * "Scenarios"). Elements, operations, channels and messages by their names;
 * a subscription as "<channel> → <consumer>"; a binding as
 * "<source> → <target>" with its routing key in brackets.
 */
import type { ModelSnapshot } from '../model/model-records';

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
 * A name for every ID the events hold (`digestTrace(…).ids`: the texts of
 * their `from`, `to`, `target` and `message`), keys in ID order; a text that
 * names nothing in the model is left out.
 *
 * @example
 * labelTrace(model, digestTrace(events, outcomes).ids) // { '00000000-…-000000000001': 'Checkout', … }
 */
export function labelTrace(model: ModelSnapshot, ids: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const id of [...ids].sort()) {
    const name = nameOf(model, id);
    if (name !== null) labels[id] = name;
  }
  return labels;
}
