import type { ApiResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';

/** 405 with `Allow: POST`: no stream, no session (part 1). */
async function methodNotAllowed(): Promise<ApiResponse> {
  throw new HttpProblem(405, 'method_not_allowed', 'Method not allowed', {
    detail: '/mcp is stateless: send each MCP message with POST.',
    headers: { allow: 'POST' },
  });
}

const notAllowed = {
  group: 'mcp',
  operation: 'mcp-method-not-allowed',
  auth: 'token',
  summary: '405 Allow: POST (no stream, no session)',
  answers: { 405: 'problem' },
  access: { role: 'any' },
  description: '`Allow: POST`: no stream, no session.',
  example: { as: 'readToken', status: 405, why: 'GET and DELETE /mcp only ever answer 405' },
  run: methodNotAllowed,
} as const;

/** GET and DELETE /mcp only ever answer 405. */
export const mcpMethodNotAllowed = [defineRoute({ ...notAllowed, method: 'GET', path: '/mcp' }), defineRoute({ ...notAllowed, method: 'DELETE', path: '/mcp' })];
