import { createGroupHandler } from '../../lib/http/create-group-handler';
import { mcpMethodNotAllowed } from './mcp-method-not-allowed';
import { postMcp } from './post-mcp';

export const handler = createGroupHandler('mcp', {
  'post-mcp': postMcp,
  'mcp-method-not-allowed': mcpMethodNotAllowed,
});
