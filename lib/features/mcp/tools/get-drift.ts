import { z } from 'zod';
import { driftStatuses } from '../../../../contracts/drift';
import { driftPage, type DriftPosition } from '../../drift/drift-page';
import { readDrift } from '../../drift/drift-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { limitOf, makeToolCursor, openProject, pageArgs, projectIdArg, readToolCursor } from './tool-support';

export const getDrift = defineTool({
  name: 'get_drift',
  description: `How the project's main model and its code agree, fact by fact, as each Source's latest complete scan saw the code: counts of in-sync, documented-not-seen (in the model, a Source could have seen it, none did), seen-not-documented (in the code, not in the model) and changed (seen with other values, each field before and after), and a page of items with the file lines that state them, the pending proposal and the stale mark. ${dataNotInstructions}`,
  input: z.strictObject({
    projectId: projectIdArg,
    status: z.enum(driftStatuses).nullable().optional().describe('Only items of this status; omit for all. The counts cover every status.'),
    ...pageArgs,
  }),
  equivalentHttp: 'GET /api/projects/{projectId}/drift',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const scope = `get_drift:${project.id}:${args.status ?? ''}`;
    const after = readToolCursor<DriftPosition>(context, scope, args.cursor);
    const drift = await readDrift(context.runtime.db, project.id);
    const page = driftPage(drift.items, { status: args.status ?? null, after, limit: limitOf(args.limit) });
    return {
      projectId: project.id,
      truth: 'observed-in-source',
      truthNote: truthNotes.drift,
      data: { modelVersion: drift.modelVersion, sources: drift.sources, counts: drift.counts, items: page.items },
      nextCursor: page.next === null ? null : makeToolCursor(context, scope, page.next),
    };
  },
});
