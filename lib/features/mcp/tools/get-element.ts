import { z } from 'zod';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { capNotice, elementWithLinks } from './element-links';
import { elementItem } from './find-elements';
import { openProject, projectIdArg } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const getElement = defineTool({
  name: 'get_element',
  description: `One element of the main model with its relationships (outbound, inbound) and messages (produced, consumed), at most 200 per list. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, elementId: guidText }),
  equivalentHttp: null,
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const links = await elementWithLinks(context.runtime.db, stream.id, args.elementId, { outbound: true, inbound: true, produced: true, consumed: true });
    const element = links.element;
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.model,
      data: {
        element: elementItem(element),
        outboundRelationships: links.outboundRelationships,
        inboundRelationships: links.inboundRelationships,
        producedMessages: links.producedMessages,
        consumedMessages: links.consumedMessages,
      },
      nextCursor: null,
      notice: capNotice(links.cut),
    };
  },
});
