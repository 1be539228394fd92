import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ValidationError } from '../../platform/errors/service-error';
import { readModelRecord } from './model-store';

/** A view's root must be an element of the main model when it is set (400 naming `rootElementId` otherwise). */
export async function assertRootElement(db: Kysely<Database>, projectId: string, rootElementId: string | null): Promise<void> {
  if (rootElementId === null) return;
  const element = await readModelRecord(db, projectId, 'element', rootElementId.toLowerCase());
  if (!element) throw new ValidationError('Invalid request body', [{ field: 'rootElementId', message: 'is not an element of the model' }]);
}
