import { z } from 'zod';
import { displayName, guidText } from '../../lib/platform/http/common-schemas';

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
