import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { secretStateSchema } from '../secrets/secret-status-schema';

const host = z.enum(['github', 'gitlab']);

export const contracts: GroupContracts = {
  'test-host-connection': {
    responses: {
      200: z.object({
        host,
        apiBaseUrl: z.string(),
        tokenSet: z.boolean(),
        ok: z.boolean(),
        status: z.number().int().nullable().meta({ description: "The host's HTTP status, null when it did not answer." }),
        message: z.string(),
        login: z.string().nullable(),
        scopes: z.array(z.string()).nullable(),
      }),
      409: 'problem',
    },
    access: { role: 'owner' },
    description: 'A failure of the host is reported in the answer, not raised.',
    example: {},
  },
  'get-host-credential': {
    responses: {
      200: z.object({
        host,
        name: z.string(),
        isSet: z.boolean(),
        status: secretStateSchema,
        message: z.string(),
        boundToOrigin: z.string().nullable(),
        currentOrigin: z.string().nullable(),
        login: z.string().nullable(),
        scopes: z.array(z.string()).nullable(),
        hostMessage: z.string().nullable(),
      }),
    },
    access: { role: 'owner' },
    description: 'Never the value. When the token is usable, the login and scopes the host reports.',
    example: {},
  },
};
