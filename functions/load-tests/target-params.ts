import { z } from 'zod';

/** Path parameters of the endpoints of one load-test target. */
export const targetParams = z.object({ projectId: z.string(), targetId: z.string() });
