import { isSetupRequired, setupTokenHint } from '../../lib/auth/first-run-setup';
import { jsonResponse, type Operation } from '../../lib/http/api-types';

/** First-run setup always needs proof of operating the instance (part 2 "Authentication"). */
export const getSetupStatus: Operation = async ({ runtime }) =>
  jsonResponse(200, {
    requiresSetup: await isSetupRequired(runtime),
    requiresSetupToken: true,
    setupTokenHint: setupTokenHint(runtime),
  });
