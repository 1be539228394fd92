import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema';
import { displayName, guidText } from '../../lib/http/common-schemas';
import { HttpProblem } from '../../lib/http/problem';
import { readModelRecord } from '../../lib/model/model-store';

const coordinate = z.number('must be a number').finite('must be finite').min(-10_000_000, 'must be at least -10000000').max(10_000_000, 'must be at most 10000000');

export const viewRequest = z.strictObject({
  id: guidText.optional(),
  name: displayName(200),
  rootElementId: guidText.nullable(),
});

export const layoutRequest = z.strictObject({
  positions: z
    .array(z.strictObject({ elementId: guidText, x: coordinate, y: coordinate }))
    .max(10_000, 'must hold at most 10000 positions')
    .refine((list) => new Set(list.map((p) => p.elementId.toLowerCase())).size === list.length, 'must name each element once'),
});

/** A view's root must be an element of the main model when it is set. */
export async function assertRootElement(db: Kysely<Database>, projectId: string, rootElementId: string | null): Promise<void> {
  if (rootElementId === null) return;
  const element = await readModelRecord(db, projectId, 'element', rootElementId.toLowerCase());
  if (!element) throw HttpProblem.validation('Invalid request body', [{ field: 'rootElementId', message: 'is not an element of the model' }]);
}
