import { z } from 'zod';

/** The path parameters of the routes under /api/projects/{projectId}/imports/{importId}. */
export const scanParams = z.object({ projectId: z.string(), importId: z.string().meta({ description: 'The scan ID.' }) });
