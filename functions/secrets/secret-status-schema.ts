import { z } from 'zod';
import { describes, timestamp } from '../../contracts/schema-kit';
import type { SecretStatus } from '../../lib/features/secrets/secret-status';

export const secretStateSchema = z.enum(['not_set', 'ok', 'origin_changed', 'no_address', 'unreadable']);

export const secretStatusSchema = describes<SecretStatus>()(
  z
    .object({
      name: z.string(),
      isSet: z.boolean(),
      status: secretStateSchema,
      message: z.string(),
      savedForOrigin: z.string().nullable().meta({ description: 'The origin it was saved for.' }),
      currentOrigin: z.string().nullable().meta({ description: 'The origin it would be sent to now.' }),
      updatedAt: timestamp.nullable(),
      updatedBy: z.string().nullable(),
    })
    .meta({ id: 'SecretStatus' }),
);

export const secretNameParams = z.object({
  workspaceId: z.string(),
  name: z.string().meta({ description: '`github:token`, `gitlab:token`, `gcp:apiKey`, `notifications:webhookSecret` or `ai:<providerId>:apiKey`.' }),
});
