import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import type { Caller } from '../../lib/platform/http/caller';
import { jsonResponse, type ApiRequest } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { withHostProblems } from '../../lib/features/sources/host-problem';
import { workspaceHostClient } from '../../lib/features/sources/workspace-host-client';
import { hostNameSchema } from './host-name-schema';
import { hostOfRoute } from './host-of-route';

const answers = {
  200: z.object({
    host: hostNameSchema,
    apiBaseUrl: z.string(),
    tokenSet: z.boolean(),
    ok: z.boolean(),
    status: z.number().int().nullable().meta({ description: "The host's HTTP status, null when it did not answer." }),
    message: z.string(),
    login: z.string().nullable(),
    scopes: z.array(z.string()).nullable(),
  }),
  409: 'problem',
} as const;
const description = 'A failure of the host is reported in the answer, not raised.';

/** Whether the host answers at the workspace's address with the saved token. */
async function testConnection({ runtime, caller, pathParameters, route }: ApiRequest<Caller>) {
  const { workspace } = await authorizeWorkspace(runtime.db, caller, pathUuid(pathParameters.workspaceId, 'Workspace'), 'owner');
  const host = hostOfRoute(route);
  const { client, apiBaseUrl, tokenSet } = await withHostProblems(() => workspaceHostClient({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, workspace.id, host));
  const test = await client.testConnection();
  return jsonResponse(200, { host, apiBaseUrl, tokenSet, ok: test.ok, status: test.status, message: test.message, login: test.login ?? null, scopes: test.scopes ?? null });
}

export const testHostConnection = [
  defineRoute({
    group: 'hosts',
    operation: 'test-host-connection',
    method: 'POST',
    path: '/api/workspaces/{workspaceId}/github/test',
    auth: 'signed-in',
    bodyKind: 'none',
    bodyLimitBytes: 0,
    summary: 'Whether GitHub answers with the saved token (owner)',
    answers,
    access: { role: 'owner' },
    description,
    example: {},
    run: testConnection,
  }),
  defineRoute({
    group: 'hosts',
    operation: 'test-host-connection',
    method: 'POST',
    path: '/api/workspaces/{workspaceId}/gitlab/test',
    auth: 'signed-in',
    bodyKind: 'none',
    bodyLimitBytes: 0,
    summary: 'Whether GitLab answers with the saved token (owner)',
    answers,
    access: { role: 'owner' },
    description,
    example: {},
    run: testConnection,
  }),
];
