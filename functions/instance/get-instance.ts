import { instanceSchema, type Instance } from '../../contracts/account';
import packageJson from '../../package.json';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { readInstancePolicy } from '../../lib/features/settings/instance-policy';

/** `profile`, `version`, `isInstanceAdmin`, `allowSelfRegistration`. */
export const getInstance = defineRoute({
  group: 'instance',
  operation: 'get-instance',
  method: 'GET',
  path: '/api/instance',
  auth: 'signed-in',
  tokenScope: 'any',
  summary: 'Profile, release version and registration policy',
  answers: { 200: instanceSchema },
  access: { role: 'any' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller }) => {
    const policy = await readInstancePolicy(runtime.db, runtime.config.profile);
    const instance: Instance = {
      profile: runtime.config.profile,
      version: packageJson.version,
      isInstanceAdmin: caller.kind === 'person' && caller.isInstanceAdmin,
      allowSelfRegistration: policy.allowSelfRegistration,
    };
    return jsonResponse(200, instance);
  },
});
