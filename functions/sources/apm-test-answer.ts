import { z } from 'zod';

/** The answer of a New Relic key test (POST …/sources/apm/test, POST …/sources/{sourceId}/apm/test). */
export const apmTestAnswer = z.object({
  ok: z.boolean(),
  status: z.number().int().meta({ description: "NerdGraph's HTTP status; 0 when it could not be reached." }),
  message: z.string(),
  user: z.object({ name: z.string(), email: z.string() }).optional(),
  accountName: z.string().optional(),
});
