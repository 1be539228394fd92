import { z } from 'zod';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { capNotice, elementWithLinks } from './element-links';
import { openProject, projectIdArg } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const getDependents = defineTool({
  name: 'get_dependents',
  description: `What depends on an element: its inbound relationships and the messages it produces (with their consumers), at most 200 each. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, elementId: guidText }),
  equivalentHttp: null,
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const links = await elementWithLinks(context.runtime.db, stream.id, args.elementId, { inbound: true, produced: true });
    const element = links.element;
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.model,
      data: { elementId: element.id, inboundRelationships: links.inboundRelationships, producedMessages: links.producedMessages },
      nextCursor: null,
      notice: capNotice(links.cut),
    };
  },
});
