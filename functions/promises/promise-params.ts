import { z } from 'zod';

/** The path parameters of one promise. */
export const promiseParams = z.object({ projectId: z.string(), promiseId: z.string() });
