import { setupStatusSchema } from '../../contracts/account';
import { externalProviderNames } from '../../lib/features/auth/external-providers';
import { isSetupRequired, setupTokenHint } from '../../lib/features/auth/first-run-setup';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { readInstancePolicy } from '../../lib/features/settings/instance-policy';

/**
 * First-run setup always needs proof of operating the instance (part 2
 * "Authentication"). It also says what a sign-in page may offer before anyone
 * is signed in: whether self-registration is open and which external
 * providers are configured (docs/decisions.md "Identity").
 */
export const getSetupStatus = defineRoute({
  group: 'setup',
  operation: 'get-setup-status',
  method: 'GET',
  path: '/api/setup/status',
  auth: 'none',
  summary: 'Whether first-run setup is due and which proof it needs; whether registration is open and which external sign-in is offered',
  answers: { 200: setupStatusSchema },
  example: { as: 'anonymous' },
  run: async ({ runtime }) => {
    const [requiresSetup, policy] = await Promise.all([isSetupRequired(runtime), readInstancePolicy(runtime.db, runtime.config.profile)]);
    return jsonResponse(200, {
      requiresSetup,
      requiresSetupToken: true,
      setupTokenHint: setupTokenHint(runtime),
      allowSelfRegistration: policy.allowSelfRegistration,
      externalSignIn: externalProviderNames.filter((name) => runtime.config.externalSignIn[name] !== null),
    });
  },
});
