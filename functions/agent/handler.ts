import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getCapabilities } from './get-capabilities';

export const handler = createGroupHandler('agent', {
  'get-capabilities': getCapabilities,
});
