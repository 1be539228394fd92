import { z } from 'zod';

export const viewParams = z.object({ projectId: z.string(), viewId: z.string() });
