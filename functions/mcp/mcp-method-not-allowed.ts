import type { Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';

/** GET and DELETE /mcp: 405 with `Allow: POST` — no stream, no session (part 1). */
export const mcpMethodNotAllowed: Operation = async () => {
  throw new HttpProblem(405, 'method_not_allowed', 'Method not allowed', {
    detail: '/mcp is stateless: send each MCP message with POST.',
    headers: { allow: 'POST' },
  });
};
