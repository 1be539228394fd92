import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getInstance } from './get-instance';

export const handler = createGroupHandler('instance', {
  'get-instance': getInstance,
});
