import { z } from 'zod';
import { HttpProblem } from '../../http/problem';
import type { ModelSnapshot, SchemaRecord } from '../../model/model-records';
import { loadModelSnapshot } from '../../model/model-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';
import { guidText } from '../../http/common-schemas';

const contractKinds = ['operations', 'channels', 'subscriptions', 'bindings', 'messages', 'schemas'] as const;
type ContractKind = (typeof contractKinds)[number];

/** The contracts of the model, or those that touch one element, by kind, each list in ID order. */
function contractsOf(model: ModelSnapshot, elementId: string | null): Record<ContractKind, { id: string }[]> {
  const byId = <T extends { id: string }>(list: Iterable<T>) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (elementId === null) {
    return {
      operations: byId(model.operation.values()),
      channels: byId(model.channel.values()),
      subscriptions: byId(model.subscription.values()),
      bindings: byId(model.binding.values()),
      messages: byId(model.message.values()),
      schemas: byId(model.schema.values()),
    };
  }
  const operations = [...model.operation.values()].filter((o) => o.ownerId === elementId);
  const subscriptions = [...model.subscription.values()].filter((s) => s.consumerId === elementId);
  const messages = [...model.message.values()].filter((m) => m.producerId === elementId || m.consumerIds.includes(elementId));
  const channelIds = new Set(subscriptions.flatMap((s) => [s.channelId, s.deadLetterChannelId].filter((id): id is string => id !== null)));
  const bindings = [...model.binding.values()].filter((b) => channelIds.has(b.sourceChannelId) || channelIds.has(b.targetChannelId));
  const schemaIds = new Set(
    [...operations.flatMap((o) => [o.requestSchemaId, o.responseSchemaId]), ...messages.map((m) => m.schemaId)].filter((id): id is string => id !== null),
  );
  return {
    operations: byId(operations),
    channels: byId([...channelIds].map((id) => model.channel.get(id)).filter((c) => c !== undefined)),
    subscriptions: byId(subscriptions),
    bindings: byId(bindings),
    messages: byId(messages),
    schemas: byId([...schemaIds].map((id) => model.schema.get(id)).filter((s) => s !== undefined)),
  };
}

/** A schema in a contract list carries no content (part 1: "schema items carry no content"). */
function withoutContent(kind: ContractKind, item: { id: string }): unknown {
  if (kind !== 'schemas') return item;
  const { content: _content, ...rest } = item as SchemaRecord;
  return rest;
}

export const getContracts = defineTool({
  name: 'get_contracts',
  description: `Contracts of the main model (operations, channels, subscriptions, bindings, messages, schemas), all or those touching one element; one member per kind with total, items and nextCursor. Pass kind to page one kind with cursor. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    elementId: guidText.nullable().optional().describe('Only contracts of this element (owned operations, its subscriptions and their channels and bindings, its messages, the schemas they use).'),
    kind: z.enum(contractKinds).nullable().optional(),
    ...pageArgs,
  }),
  equivalentHttp: null,
  async run(context, args) {
    if (args.cursor && !args.kind) throw HttpProblem.validation('Invalid arguments', [{ field: 'cursor', message: 'is only taken together with kind' }]);
    const { project, stream } = await openProject(context, args.projectId);
    const elementId = args.elementId?.toLowerCase() ?? null;
    if (elementId !== null) {
      const exists = await context.runtime.db.selectFrom('model_entities').select('id').where('stream_id', '=', stream.id).where('id', '=', elementId).where('kind', '=', 'element').executeTakeFirst();
      if (!exists) throw HttpProblem.notFound('Element not found', `No element ${elementId} in the main model.`);
    }
    const all = contractsOf(await loadModelSnapshot(context.runtime.db, stream.id), elementId);
    const limit = limitOf(args.limit);
    const data: Record<string, unknown> = {};
    let paged: { member: string; cursorAfter: (item: unknown) => string } | undefined;
    let nextCursor: string | null = null;
    for (const kind of args.kind ? [args.kind] : contractKinds) {
      const scope = `get_contracts:${project.id}:${elementId}:${kind}`;
      const afterId = kind === args.kind ? readToolCursor<string>(context, scope, args.cursor) : null;
      const list = all[kind];
      const start = afterId === null ? 0 : list.findIndex((item) => item.id > afterId);
      const items = start < 0 ? [] : list.slice(start, start + limit);
      const more = start >= 0 && start + limit < list.length;
      const cursorAfter = (item: unknown) => makeToolCursor(context, scope, (item as { id: string }).id);
      const kindCursor = more && items.length > 0 ? cursorAfter(items.at(-1)) : null;
      data[kind] = { total: list.length, items: items.map((item) => withoutContent(kind, item)), nextCursor: kindCursor };
      if (args.kind) {
        nextCursor = kindCursor;
        paged = { member: `${kind}.items`, cursorAfter };
      }
    }
    return { projectId: project.id, truth: 'declared', truthNote: truthNotes.model, data, nextCursor, ...(paged ? { pagedList: paged } : {}) };
  },
});
