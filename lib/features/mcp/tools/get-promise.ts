import { z } from 'zod';
import { NotFoundError } from '../../../platform/errors/service-error';
import { readPromiseDetail } from '../../promises/promise-views';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const getPromise = defineTool({
  name: 'get_promise',
  description: `One promise by its GUID (not its requirement ID): the revision in force and the draft, each with text, links, obligations, content hash and evidence status; missing links. Older revisions are left out. ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, promiseId: guidText.describe('The promise GUID (not the requirement ID such as R3).') }),
  equivalentHttp: 'GET /api/projects/{projectId}/promises/{promiseId}',
  async run(context, args) {
    const { project } = await openProject(context, args.projectId);
    const promise = await readPromiseDetail(context.runtime.db, project.id, args.promiseId.toLowerCase());
    if (!promise) throw new NotFoundError('Promise not found', `No promise ${args.promiseId} in the project.`);
    return { projectId: project.id, truth: 'declared', truthNote: truthNotes.promise, data: { promise }, nextCursor: null };
  },
});
