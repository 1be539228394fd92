import { z } from 'zod';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import type { PersonCaller } from '../../lib/platform/http/caller';
import { jsonResponse, type ApiRequest } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { environmentSecretAddresses } from '../../lib/features/secrets/secret-names';
import { describeSecrets } from '../../lib/features/secrets/secret-status';
import { listStoredSecrets } from '../../lib/features/secrets/secret-store';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';
import { withHostProblems } from '../../lib/features/sources/host-problem';
import { tokenSecretOf, workspaceHostClient } from '../../lib/features/sources/workspace-host-client';
import { secretStateSchema } from '../../contracts/account';
import { hostNameSchema } from './host-name-schema';
import { hostOfRoute } from './host-of-route';

const answers = {
  200: z.object({
    host: hostNameSchema,
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
};
const description = 'Never the value. When the token is usable, the login and scopes the host reports.';

/** The token's status (`isSet`, `status`, the origin it is bound to and the current one) and, when it is usable, the login and scopes the host reports. */
async function hostCredential({ runtime, caller, pathParameters, route }: ApiRequest<PersonCaller>) {
  const { workspace } = await authorizeWorkspace(runtime.db, caller, pathUuid(pathParameters.workspaceId, 'Workspace'), 'owner');
  const host = hostOfRoute(route);
  const name = tokenSecretOf[host]!;
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspace.id);
  const status = describeSecrets(await listStoredSecrets(runtime.db, runtime.keyring, workspace.id), settings, environmentSecretAddresses(runtime.config)).find((s) => s.name === name)!;
  let reported: { login: string | null; scopes: string[] | null; message: string } | null = null;
  if (status.status === 'ok') {
    const { client } = await withHostProblems(() => workspaceHostClient({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, workspace.id, host));
    const test = await client.testConnection();
    reported = { login: test.login ?? null, scopes: test.scopes ?? null, message: test.message };
  }
  return jsonResponse(200, { host, name, isSet: status.isSet, status: status.status, message: status.message, boundToOrigin: status.savedForOrigin, currentOrigin: status.currentOrigin, login: reported?.login ?? null, scopes: reported?.scopes ?? null, hostMessage: reported?.message ?? null });
}

export const getHostCredential = [
  defineRoute({
    group: 'hosts',
    operation: 'get-host-credential',
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/github/credential',
    auth: 'person',
    summary: 'The GitHub token: set, the origin it is bound to, the scopes GitHub reports (owner)',
    answers,
    access: { role: 'owner' },
    description,
    example: {},
    run: hostCredential,
  }),
  defineRoute({
    group: 'hosts',
    operation: 'get-host-credential',
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/gitlab/credential',
    auth: 'person',
    summary: 'The GitLab token: set, the origin it is bound to, the scopes GitLab reports (owner)',
    answers,
    access: { role: 'owner' },
    description,
    example: {},
    run: hostCredential,
  }),
];
