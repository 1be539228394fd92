import { z } from 'zod';
import { pageCursor, pageLimit } from '../../lib/platform/http/common-schemas';
import { modelKinds } from '../../lib/core/model/model-records';

/** Query of GET …/proposals: `status`, `action`, `entityKind`, `cursor`, `limit`. */
export const proposalQuery = z.strictObject({
  status: z.enum(['pending', 'accepted', 'rejected', 'superseded'], 'must be pending, accepted, rejected or superseded').optional(),
  action: z.enum(['add', 'change', 'remove'], 'must be add, change or remove').optional(),
  entityKind: z.enum(modelKinds, `must be one of ${modelKinds.join(', ')}`).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});

/** Query of GET …/evidence: `factKey`, `cursor`, `limit`. */
export const evidenceQuery = z.strictObject({
  factKey: z.string().min(1, 'must not be empty').max(2000, 'must have at most 2000 characters').optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});
