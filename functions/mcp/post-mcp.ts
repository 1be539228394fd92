import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { checkMcpMessage } from '../../lib/mcp/check-mcp-message';
import { createMcpServer } from '../../lib/mcp/create-mcp-server';

const forwardedHeaders = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/**
 * POST /mcp: one MCP message, bearer agent token. Stateless: a new server and
 * transport for every request, JSON answers, no session ID.
 */
export const postMcp: Operation = async ({ runtime, caller, headers, body }) => {
  if (caller?.kind !== 'agent-token') throw HttpProblem.unauthorized('Agent token required');
  const refused = checkMcpMessage(body === undefined ? '' : (body as Buffer).toString('utf8'));
  if (refused) return { status: refused.status, headers: { 'content-type': 'application/json' }, body: refused.body };
  const requestHeaders = new Headers();
  for (const name of forwardedHeaders) if (headers[name] !== undefined) requestHeaders.set(name, headers[name]!);
  const request = new Request('http://localhost/mcp', { method: 'POST', headers: requestHeaders, body: body === undefined ? '' : new Uint8Array(body as Buffer) });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = createMcpServer({ runtime, caller });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    const text = await response.text();
    const responseHeaders: Record<string, string> = {};
    const contentType = response.headers.get('content-type');
    if (contentType) responseHeaders['content-type'] = contentType;
    return { status: response.status, headers: responseHeaders, body: text };
  } finally {
    await server.close();
  }
};
