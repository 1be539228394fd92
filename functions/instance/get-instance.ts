import packageJson from '../../package.json';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { readInstancePolicy } from '../../lib/settings/instance-policy';

/** GET /api/instance: `profile`, `version`, `isInstanceAdmin`, `allowSelfRegistration`. */
export const getInstance: Operation = async ({ runtime, caller }) => {
  const policy = await readInstancePolicy(runtime.db, runtime.config.profile);
  return jsonResponse(200, {
    profile: runtime.config.profile,
    version: packageJson.version,
    isInstanceAdmin: caller?.kind === 'person' && caller.isInstanceAdmin,
    allowSelfRegistration: policy.allowSelfRegistration,
  });
};
