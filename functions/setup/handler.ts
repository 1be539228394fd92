import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getSetupStatus } from './get-setup-status';
import { postSetup } from './post-setup';

export const handler = createGroupHandler('setup', {
  'get-setup-status': getSetupStatus,
  'post-setup': postSetup,
});
