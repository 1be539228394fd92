import { z } from 'zod';
import { userViewSchema, workspaceSummarySchema } from '../../lib/openapi/answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { loginRequest } from './post-login';
import { logoutQuery } from './post-logout';
import { registerRequest } from './post-register';

const signedIn = z.object({ user: userViewSchema });
const providerParams = z.object({ provider: z.enum(['github', 'gitlab']) });

export const contracts: GroupContracts = {
  'post-login': {
    body: loginRequest,
    responses: { 200: signedIn },
    description: 'Sets the session cookie `svc_session`. Every failure (unknown address, wrong password, paused sign-in) answers the same 401.',
    example: { as: 'anonymous', body: { email: 'editor@contract.test', password: '{strongPassword}' } },
  },
  'post-logout': {
    query: logoutQuery,
    responses: { 204: 'empty' },
    description: 'Clears the session cookie, also when there was no session.',
    example: { as: 'anonymous' },
  },
  'post-register': {
    body: registerRequest,
    responses: { 201: signedIn, 403: 'problem', 409: 'problem' },
    description: 'Sets the session cookie. 403 when the policy does not allow self-registration; 409 when the address has an account.',
    example: { as: 'anonymous', body: { email: 'self@contract.test', password: '{strongPassword}', name: 'Self' }, status: 403, why: 'self-registration is closed by default' },
  },
  'get-me': {
    responses: { 200: z.object({ user: userViewSchema, workspaces: z.array(workspaceSummarySchema) }) },
    access: { role: 'any' },
    example: {},
  },
  'get-external-start': {
    params: providerParams,
    responses: { 302: 'empty', 404: 'problem' },
    description: 'Redirects to the provider and sets a short-lived state cookie; 404 when the provider is not configured.',
    example: { as: 'anonymous', params: { provider: 'github' }, status: 404, why: 'no external provider is configured in the test instance' },
  },
  'get-external-callback': {
    responses: { 302: 'empty', 400: 'problem', 404: 'problem', 502: 'problem' },
    description: 'The provider sends the browser here with `code` and `state`; it goes on to `/api/auth/external/complete`.',
    example: { as: 'anonymous', query: { code: 'x', state: 'y' }, status: 400, why: 'no sign-in was started' },
  },
  'get-external-complete': {
    responses: { 200: signedIn, 303: 'empty', 400: 'problem', 403: 'problem', 409: 'problem' },
    description: 'Signs in as the login does (sets the session cookie). A browser navigation (`Accept: text/html` first) gets 303 to the web client instead.',
    example: { as: 'anonymous', status: 400, why: 'no sign-in was started' },
  },
};
