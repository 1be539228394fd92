/**
 * The model as a provider reads it: a compact JSON text of the records a
 * proposal may name, put in the prompt's data block (never as instructions).
 * Cut to a byte budget, largest lists last, with a note saying what was left out.
 */
import type { AiDataPart } from '../ai/ai-task';
import type { ModelSnapshot } from '../../core/model/model-records';

/** Most bytes of model text one request carries (docs/ai-proposals.md "What a provider is sent"). */
export const maxModelDataBytes = 200_000;

function compact(model: ModelSnapshot) {
  return {
    elements: [...model.element.values()].map((e) => ({ id: e.id, kind: e.kind, name: e.name, parentId: e.parentId, technology: e.technology, status: e.status, description: e.description })),
    operations: [...model.operation.values()].map((o) => ({ id: o.id, ownerId: o.ownerId, name: o.name, transport: o.transport, timeoutMs: o.timeoutMs, retry: o.retry, requestSchemaId: o.requestSchemaId, responseSchemaId: o.responseSchemaId })),
    channels: [...model.channel.values()].map((c) => ({ id: c.id, name: c.name, kind: c.kind })),
    subscriptions: [...model.subscription.values()].map((s) => ({ id: s.id, channelId: s.channelId, consumerId: s.consumerId, retry: s.retry, deadLetterChannelId: s.deadLetterChannelId })),
    messages: [...model.message.values()].map((m) => ({ id: m.id, name: m.name, producerId: m.producerId, consumerIds: m.consumerIds, schemaId: m.schemaId })),
    schemas: [...model.schema.values()].map((s) => ({ id: s.id, name: s.name })),
    relationships: [...model.relationship.values()].map((r) => ({ id: r.id, fromId: r.fromId, toId: r.toId, label: r.label, kind: r.kind, technology: r.technology })),
    bindings: [...model.binding.values()].map((b) => ({ id: b.id, sourceChannelId: b.sourceChannelId, targetChannelId: b.targetChannelId, routingKey: b.routingKey })),
  };
}

/**
 * Lists (after the `fixed` members) as one JSON text of at most `maxBytes`: the lists named first
 * are halved first, until the text fits. Answers the text and what was cut (`relationships: 12 left out`).
 */
export function fitListsToBytes(lists: Record<string, unknown[]>, leastNeededFirst: readonly string[], maxBytes: number, fixed: Record<string, unknown> = {}): { text: string; cut: string[] } {
  const fitted = { ...lists };
  const render = () => JSON.stringify({ ...fixed, ...fitted });
  let text = render();
  for (const name of leastNeededFirst) {
    while (Buffer.byteLength(text) > maxBytes && (fitted[name]?.length ?? 0) > 0) {
      fitted[name] = fitted[name]!.slice(0, Math.floor(fitted[name]!.length / 2));
      text = render();
    }
  }
  const cut = Object.keys(lists).filter((name) => fitted[name]!.length < lists[name]!.length).map((name) => `${name}: ${lists[name]!.length - fitted[name]!.length} left out`);
  return { text, cut };
}

/** The model's records as one data part, cut to `maxBytes`. */
export function modelDataPart(model: ModelSnapshot, maxBytes = maxModelDataBytes): AiDataPart {
  const { text, cut } = fitListsToBytes(compact(model), ['bindings', 'relationships', 'schemas', 'messages', 'subscriptions', 'channels', 'operations', 'elements'], maxBytes);
  return { label: cut.length === 0 ? 'model' : `model (cut to fit: ${cut.join(', ')})`, text, fromPrivateRepository: false };
}

/** Elements a request is about, with their names, as a data part. */
export function selectionDataPart(model: ModelSnapshot, selection: readonly string[]): AiDataPart {
  const selected = selection.map((id) => {
    const element = model.element.get(id);
    return { id, kind: element?.kind ?? null, name: element?.name ?? null };
  });
  return { label: 'selection', text: JSON.stringify(selected), fromPrivateRepository: false };
}
