import { z } from 'zod';

/** The path parameter of every share page: the token. */
export const tokenParams = z.object({ token: z.string().meta({ description: 'The share token: a credential, kept out of traces and logs.' }) });
