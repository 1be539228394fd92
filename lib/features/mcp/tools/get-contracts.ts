import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../../platform/errors/service-error';
import { contractKinds, readContractPages, type ContractKind } from '../../../core/model/contract-queries';
import type { SchemaRecord } from '../../../core/model/model-records';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

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
    if (args.cursor && !args.kind) throw new ValidationError('Invalid arguments', [{ field: 'cursor', message: 'is only taken together with kind' }]);
    const { project, stream } = await openProject(context, args.projectId);
    const elementId = args.elementId?.toLowerCase() ?? null;
    if (elementId !== null) {
      const exists = await context.runtime.db.selectFrom('model_entities').select('id').where('stream_id', '=', stream.id).where('id', '=', elementId).where('kind', '=', 'element').executeTakeFirst();
      if (!exists) throw new NotFoundError('Element not found', `No element ${elementId} in the main model.`);
    }
    const limit = limitOf(args.limit);
    const scopeOf = (kind: ContractKind) => `get_contracts:${project.id}:${elementId}:${kind}`;
    const requests = (args.kind ? [args.kind] : contractKinds).map((kind) => ({ kind, afterId: kind === args.kind ? readToolCursor<string>(context, scopeOf(kind), args.cursor) : null }));
    const pages = await readContractPages(context.runtime.db, stream.id, elementId, requests, limit);
    const data: Record<string, unknown> = {};
    let paged: { member: string; cursorAfter: (item: unknown) => string } | undefined;
    let nextCursor: string | null = null;
    for (const { kind } of requests) {
      const page = pages.get(kind)!;
      const cursorAfter = (item: unknown) => makeToolCursor(context, scopeOf(kind), (item as { id: string }).id);
      const kindCursor = page.hasMore && page.items.length > 0 ? cursorAfter(page.items.at(-1)) : null;
      data[kind] = { total: page.total, items: page.items.map((item) => withoutContent(kind, item)), nextCursor: kindCursor };
      if (args.kind) {
        nextCursor = kindCursor;
        paged = { member: `${kind}.items`, cursorAfter };
      }
    }
    return { projectId: project.id, truth: 'declared', truthNote: truthNotes.model, data, nextCursor, ...(paged ? { pagedList: paged } : {}) };
  },
});
