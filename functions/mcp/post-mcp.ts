import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import { defineRoute } from '../../lib/platform/http/define-route';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { checkMcpMessage } from '../../lib/features/mcp/check-mcp-message';
import { createMcpServer } from '../../lib/features/mcp/create-mcp-server';

const jsonRpc = z.looseObject({ jsonrpc: z.literal('2.0') }).meta({ description: 'A JSON-RPC 2.0 message of the Model Context Protocol.' });

const forwardedHeaders = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/** Stateless: a new server and transport for every request, JSON answers, no session ID. */
export const postMcp = defineRoute({
  group: 'mcp',
  operation: 'post-mcp',
  method: 'POST',
  path: '/mcp',
  auth: 'token',
  bodyKind: 'raw',
  bodyLimitBytes: bodyLimits.mcpMessage,
  summary: 'One MCP message (streamable HTTP, stateless, JSON answers)',
  headers: z.object({ accept: z.string().meta({ description: 'Must list both `application/json` and `text/event-stream` (406 otherwise).' }) }),
  body: { contentTypes: ['application/json'], schema: jsonRpc },
  answers: { 200: jsonRpc, 202: 'empty', 400: jsonRpc, 406: jsonRpc },
  access: { role: 'any', note: 'The tools need the `read` scope; each works on the workspace (and project) of the token.' },
  description: 'Streamable HTTP, stateless: JSON answers, no session ID. tools/list and tools/call over the agent tools.',
  example: {
    as: 'readToken',
    headers: { accept: 'application/json, text/event-stream' },
    rawBody: { contentType: 'application/json', text: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' },
  },
  run: async ({ runtime, caller, headers, body }) => {
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
  },
});
