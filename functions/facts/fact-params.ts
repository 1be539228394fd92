import { z } from 'zod';

/** The path parameters of the two fact labels (accept, mark-unknown). */
export const factParams = z.object({
  projectId: z.string(),
  entityType: z.string().meta({ description: 'A model kind but schema, singular (`element`) or as its collection (`elements`).' }),
  entityId: z.string(),
});
