import { z } from 'zod';

/** The path parameters of a view's share links. */
export const viewParams = z.object({ projectId: z.string(), viewId: z.string() });
