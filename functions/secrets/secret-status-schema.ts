import { z } from 'zod';

export const secretNameParams = z.object({
  workspaceId: z.string(),
  name: z.string().meta({ description: '`github:token`, `gitlab:token`, `gcp:apiKey`, `notifications:webhookSecret` or `ai:<providerId>:apiKey`.' }),
});
