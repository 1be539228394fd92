import { z } from 'zod';
import { readModelSummary } from '../../../core/model/model-queries';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';

export const getModelSummary = defineTool({
  name: 'get_model_summary',
  description: `Counts of the main model of a project: elements by kind and by truth label, stale elements, relationships, messages, schemas. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg }),
  equivalentHttp: null,
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const counts = await readModelSummary(context.runtime.db, stream.id);
    return { projectId: project.id, truth: 'declared', truthNote: truthNotes.model, data: { projectName: project.name, ...counts }, nextCursor: null };
  },
});
