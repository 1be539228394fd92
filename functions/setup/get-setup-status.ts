import { externalProviderNames } from '../../lib/auth/external-providers';
import { isSetupRequired, setupTokenHint } from '../../lib/auth/first-run-setup';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { readInstancePolicy } from '../../lib/settings/instance-policy';

/**
 * GET /api/setup/status. First-run setup always needs proof of operating the
 * instance (part 2 "Authentication"). It also says what a sign-in page may
 * offer before anyone is signed in: whether self-registration is open and
 * which external providers are configured (docs/decisions.md "Identity").
 */
export const getSetupStatus: Operation = async ({ runtime }) => {
  const [requiresSetup, policy] = await Promise.all([isSetupRequired(runtime), readInstancePolicy(runtime.db, runtime.config.profile)]);
  return jsonResponse(200, {
    requiresSetup,
    requiresSetupToken: true,
    setupTokenHint: setupTokenHint(runtime),
    allowSelfRegistration: policy.allowSelfRegistration,
    externalSignIn: externalProviderNames.filter((name) => runtime.config.externalSignIn[name] !== null),
  });
};
