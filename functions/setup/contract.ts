import { z } from 'zod';
import { userViewSchema, workspaceSchema } from '../../lib/openapi/answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { setupRequest } from './post-setup';

export const setupStatusSchema = z.object({
  requiresSetup: z.boolean(),
  requiresSetupToken: z.boolean(),
  setupTokenHint: z.enum(['log', 'operator']).meta({ description: '`log`: the code is in the log and the data directory; `operator`: ask whoever runs the instance.' }),
  allowSelfRegistration: z.boolean(),
  externalSignIn: z.array(z.enum(['github', 'gitlab'])),
});

export const contracts: GroupContracts = {
  'get-setup-status': {
    responses: { 200: setupStatusSchema },
    example: { as: 'anonymous' },
  },
  'post-setup': {
    body: setupRequest,
    responses: { 201: z.object({ user: userViewSchema, workspace: workspaceSchema }), 403: 'problem', 409: 'problem' },
    description: 'Sets the session cookie `svc_session`. 403 for a wrong setup code, 409 once the instance has an account.',
    example: {
      as: 'anonymous',
      body: { setupToken: 'not-the-code', email: 'second@contract.test', password: '{strongPassword}', name: 'Second' },
      status: 409,
      why: 'the fixture world ran setup already',
    },
  },
};
