import { z } from 'zod';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { capNotice, elementWithLinks } from './element-links';
import { openProject, projectIdArg } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const getDependencies = defineTool({
  name: 'get_dependencies',
  description: `What an element depends on: its outbound relationships and the messages it consumes, at most 200 each. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, elementId: guidText }),
  equivalentHttp: null,
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const links = await elementWithLinks(context.runtime.db, stream.id, args.elementId, { outbound: true, consumed: true });
    const element = links.element;
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.model,
      data: { elementId: element.id, outboundRelationships: links.outboundRelationships, consumedMessages: links.consumedMessages },
      nextCursor: null,
      notice: capNotice(links.cut),
    };
  },
});
