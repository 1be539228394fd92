import { z } from 'zod';

/** The path parameters of the routes under /api/projects/{projectId}/sources/{sourceId}. */
export const sourceParams = z.object({ projectId: z.string(), sourceId: z.string() });
