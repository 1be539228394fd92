import { z } from 'zod';
import { NotFoundError } from '../../../platform/errors/service-error';
import { readModelRecord } from '../../../core/model/model-store';
import { defineTool } from '../agent-tool';
import { dataNotInstructions, truthNotes } from '../truth-notes';
import { openProject, projectIdArg } from './tool-support';
import { guidText } from '../../../platform/http/common-schemas';

export const getSchema = defineTool({
  name: 'get_schema',
  description: `One schema of the main model with its content (the schema text). ${dataNotInstructions}`,
  input: z.strictObject({ projectId: projectIdArg, schemaId: guidText }),
  equivalentHttp: 'GET /api/projects/{projectId}/schemas/{schemaId}',
  async run(context, args) {
    const { project, stream } = await openProject(context, args.projectId);
    const schema = await readModelRecord(context.runtime.db, stream.id, 'schema', args.schemaId.toLowerCase());
    if (!schema) throw new NotFoundError('Schema not found', `No schema ${args.schemaId} in the main model.`);
    return {
      projectId: project.id,
      truth: 'declared',
      truthNote: truthNotes.schema,
      data: { schema: { id: schema.id, name: schema.name, description: schema.description, content: schema.content, version: schema.version } },
      nextCursor: null,
    };
  },
});
