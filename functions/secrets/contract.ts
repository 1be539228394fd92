import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { describes, listOf, timestamp } from '../../lib/openapi/schema-kit';
import type { SecretStatus } from '../../lib/secrets/secret-status';
import { putSecretRequest } from './put-secret';

export const secretStateSchema = z.enum(['not_set', 'ok', 'origin_changed', 'no_address', 'unreadable']);

const secretStatusSchema = describes<SecretStatus>()(
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
const nameParams = z.object({
  workspaceId: z.string(),
  name: z.string().meta({ description: '`github:token`, `gitlab:token`, `gcp:apiKey`, `notifications:webhookSecret` or `ai:<providerId>:apiKey`.' }),
});

export const contracts: GroupContracts = {
  'list-secrets': { responses: { 200: listOf(secretStatusSchema) }, access: { role: 'owner' }, description: 'Never a value.', example: {} },
  'put-secret': {
    params: nameParams,
    body: putSecretRequest,
    responses: { 204: 'empty', 400: 'problem' },
    access: { role: 'owner' },
    description: 'Stored encrypted, bound to the origin of the address it is sent to now (docs/secrets.md); 400 for a name this service does not know.',
    example: { params: { name: 'gitlab:token' }, body: { value: 'glpat-contract-example' } },
  },
  'delete-secret': {
    params: nameParams,
    responses: { 204: 'empty', 400: 'problem' },
    access: { role: 'owner' },
    description: '204 also when it was not set.',
    example: { params: { name: 'notifications:webhookSecret' }, last: true },
  },
};
