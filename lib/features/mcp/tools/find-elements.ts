import { z } from 'zod';
import { listModelRecordPage } from '../../../core/model/list-model-records';
import type { ElementRecord } from '../../../core/model/model-records';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

/** An element as the tools show it; the model has no owner field, so `ownerId` is the containing element. */
export function elementItem(e: ElementRecord) {
  return {
    id: e.id,
    kind: e.kind,
    name: e.name,
    description: e.description,
    technology: e.technology,
    ownerId: e.parentId,
    status: e.status,
    parentId: e.parentId,
    tags: e.tags,
    factStatus: e.factStatus,
    provenance: e.provenance,
    stale: e.stale,
  };
}

export const findElements = defineTool({
  name: 'find_elements',
  description: `Finds elements of the main model by name (substring, any case), kind, tag and status, in ID order. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    name: z.string().min(1).max(200).nullable().optional().describe('Substring of the name, case-insensitive.'),
    kind: z.enum(['actor', 'system', 'app', 'component', 'store']).nullable().optional(),
    tag: z.string().min(1).max(200).nullable().optional(),
    status: z.enum(['current', 'planned', 'deprecated']).nullable().optional(),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/elements',
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const filters = { name: args.name ?? undefined, kind: args.kind ?? undefined, tag: args.tag ?? undefined, status: args.status ?? undefined };
    const scope = `find_elements:${project.id}:${JSON.stringify(filters)}`;
    const afterId = readToolCursor<string>(context, scope, args.cursor);
    const page = await listModelRecordPage(context.runtime.db, { streamId: stream.id, kind: 'element', filters, afterId, limit: limitOf(args.limit) });
    const elements = (page.items as ElementRecord[]).map(elementItem);
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, (item as { id: string }).id);
    const last = elements.at(-1);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.model,
      data: { count: page.total, elements },
      nextCursor: page.hasMore && last ? cursorAfter(last) : null,
      pagedList: { member: 'elements', cursorAfter },
    };
  },
});
