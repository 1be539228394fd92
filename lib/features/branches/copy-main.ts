import type { Kysely } from 'kysely';
import { copyMainSheetInto } from '../costs/cost-sheet-store';
import type { Database } from '../../platform/db/schema';
import { copyMainModelInto, type ModelStream, type NewStream } from '../../core/model/stream-store';

/**
 * A new branch or revision: main's model and main's cost sheet copied in one transaction
 * (docs/costs.md "Lines"), so a draft starts from the design and its costs as they are. It lives
 * above the model and the costs, which know nothing of each other.
 */
export async function copyMainInto(db: Kysely<Database>, input: NewStream): Promise<ModelStream> {
  return db.transaction().execute(async (trx) => {
    const stream = await copyMainModelInto(trx, input);
    await copyMainSheetInto(trx, input.projectId, input.id);
    return stream;
  });
}
