import { z } from 'zod';
import { listModelRecordPage } from '../../../core/model/list-model-records';
import { elementNames } from '../../../core/model/model-queries';
import type { MessageRecord } from '../../../core/model/model-records';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const listMessages = defineTool({
  name: 'list_messages',
  description: `Messages of the main model in ID order, with producer and consumers named. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, ...pageArgs }),
  equivalentHttp: 'GET /api/projects/{projectId}/messages',
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const scope = `list_messages:${project.id}`;
    const afterId = readToolCursor<string>(context, scope, args.cursor);
    const page = await listModelRecordPage(context.runtime.db, { streamId: stream.id, kind: 'message', filters: {}, afterId, limit: limitOf(args.limit) });
    const messages = page.items as MessageRecord[];
    const names = await elementNames(context.runtime.db, stream.id, messages.flatMap((m) => [m.producerId, ...m.consumerIds]));
    const named = (id: string) => ({ id, name: names.get(id) ?? null });
    const items = messages.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      schemaId: m.schemaId,
      tags: m.tags,
      producer: named(m.producerId),
      consumers: m.consumerIds.map(named),
      factStatus: m.factStatus,
      provenance: m.provenance,
      stale: m.stale,
    }));
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, (item as { id: string }).id);
    const last = items.at(-1);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.model,
      data: { count: page.total, messages: items },
      nextCursor: page.hasMore && last ? cursorAfter(last) : null,
      pagedList: { member: 'messages', cursorAfter },
    };
  },
});
