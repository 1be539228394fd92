import { createGroupHandler } from '../../lib/http/create-group-handler';
import { explain } from './explain';
import { getUsage } from './get-usage';
import { listCalls } from './list-calls';

export const handler = createGroupHandler('ai', {
  'list-calls': listCalls,
  'get-usage': getUsage,
  explain,
});
