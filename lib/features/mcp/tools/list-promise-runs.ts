import { z } from 'zod';
import { NotFoundError } from '../../../platform/errors/service-error';
import { findPromise } from '../../promises/promise-store';
import { findObligation, readPromiseRunPage } from '../../promises/promise-views';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const listPromiseRuns = defineTool({
  name: 'list_promise_runs',
  description: `Runs of a promise's obligations, newest first (append-only), each with its result for exactly the named inputs and whether it is current or stale. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    promiseId: guidText,
    obligation: z.string().min(1).max(100).nullable().optional().describe('Only runs of this obligation: its GUID or its key such as O2.'),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/promises/{promiseId}/runs',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const promise = await findPromise(context.runtime.db, project.id, args.promiseId.toLowerCase());
    if (!promise) throw new NotFoundError('Promise not found', `No promise ${args.promiseId} in the project.`);
    const obligation = args.obligation ? await findObligation(context.runtime.db, promise.id, args.obligation) : undefined;
    if (args.obligation && !obligation) throw new NotFoundError('Obligation not found', `The promise has no obligation ${args.obligation}.`);
    const scope = `list_promise_runs:${promise.id}:${obligation?.id ?? '*'}`;
    const beforeSeq = readToolCursor<string>(context, scope, args.cursor);
    const page = await readPromiseRunPage(context.runtime.db, { promise, obligationId: obligation?.id ?? null, beforeSeq, limit: limitOf(args.limit) });
    // The cut resumes after the last run kept: the seq is not in the item, so it is looked up by ID.
    const seqOf = new Map(page.items.map((run, i) => [run.id, page.seqs[i]!]));
    const cursorAfter = (item: unknown) => makeToolCursor(context, scope, seqOf.get((item as { id: string }).id));
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.promise,
      data: { items: page.items },
      nextCursor: page.hasMore && page.lastSeq !== null ? makeToolCursor(context, scope, page.lastSeq) : null,
      pagedList: { member: 'items', cursorAfter },
    };
  },
});
