import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getHealth } from './get-health';
import { getHealthLive } from './get-health-live';

export const handler = createGroupHandler('health', {
  'get-health': getHealth,
  'get-health-live': getHealthLive,
});
