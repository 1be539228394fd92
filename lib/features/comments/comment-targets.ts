import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { guidText } from '../../platform/http/common-schemas';
import { modelKinds, type ModelKind } from '../../core/model/model-records';
import { targetKinds, type TargetKind, type ThreadTarget } from './comment-records';

type Db = Kysely<Database> | Transaction<Database>;

/** The `target` of a thread request: `{kind, id}`. */
export const targetRequest = z
  .strictObject({
    kind: z.enum(targetKinds, { error: `must be one of ${targetKinds.join(', ')}` }).describe('What the thread is on.'),
    id: guidText.describe('ID of the record (uuid).'),
  })
  .describe('The record a thread is on.');

export type TargetRequest = z.infer<typeof targetRequest>;

function isModelKind(kind: TargetKind): kind is ModelKind {
  return (modelKinds as readonly string[]).includes(kind);
}

/**
 * Whether the target exists in the project: model records and cost resources in the line
 * the thread is in (`streamId`: main's is the project ID, else the draft's), scenarios, views
 * and proposals in the project (they have no lines).
 */
export async function targetExists(db: Db, input: { projectId: string; streamId: string; target: ThreadTarget }): Promise<boolean> {
  const { kind, id } = input.target;
  if (isModelKind(kind)) {
    const row = await db.selectFrom('model_entities').select('id').where('stream_id', '=', input.streamId).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
  switch (kind) {
    case 'scenario': {
      const row = await db.selectFrom('scenarios').select('id').where('project_id', '=', input.projectId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return row !== undefined;
    }
    case 'view': {
      const row = await db.selectFrom('views').select('id').where('project_id', '=', input.projectId).where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    }
    case 'cost-resource': {
      const row = await db.selectFrom('cost_resources').select('id').where('stream_id', '=', input.streamId).where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    }
    case 'proposal': {
      // Flow and architecture proposals alike (migration 0021).
      const row = await db.selectFrom('ai_proposals').select('id').where('project_id', '=', input.projectId).where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    }
  }
}
