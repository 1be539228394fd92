import { z } from 'zod';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { tokenMayCall } from '../../lib/platform/http/token-access';
import { listedToolDefinitions } from '../../lib/features/mcp/create-mcp-server';
import { agentTools, toolScope } from '../../lib/features/mcp/tool-registry';
import { guid } from '../../contracts/schema-kit';

/**
 * From the tool registry and the whole route table the request carries: for a
 * token, the routes whose token rule (lib/platform/http/token-access.ts, the rule the
 * edge applies) lets it in; person-only endpoints are left out.
 */
export const getCapabilities = defineRoute({
  group: 'agent',
  operation: 'get-capabilities',
  method: 'GET',
  path: '/api/agent/capabilities',
  auth: 'signed-in',
  tokenScope: 'any',
  summary: 'The tools and endpoints the caller can use',
  answers: {
    200: z.object({
      scopes: z.array(z.enum(['read', 'push'])),
      projectId: guid.nullable(),
      tools: z.array(z.looseObject({ name: z.string(), description: z.string(), inputSchema: z.record(z.string(), z.unknown()), scope: z.string(), equivalentHttp: z.unknown() })),
      endpoints: z.array(z.object({ method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']), path: z.string(), summary: z.string() })),
    }),
  },
  access: { role: 'any', note: 'An agent token sees what its scopes allow.' },
  example: { as: 'readToken' },
  run: async ({ caller, routes }) => {
    const scopes = caller.kind === 'agent-token' ? caller.scopes : ['read', 'push'];
    const definitions = new Map(listedToolDefinitions().map((t) => [t.name, t]));
    const tools = scopes.includes(toolScope)
      ? agentTools.map((tool) => ({ ...definitions.get(tool.name)!, scope: toolScope, equivalentHttp: tool.equivalentHttp }))
      : [];
    const endpoints = routes
      .filter((r) => r.auth !== 'none')
      .filter((r) => (caller.kind === 'agent-token' ? tokenMayCall(r, scopes) : r.auth !== 'token'))
      .map((r) => ({ method: r.method, path: r.path, summary: r.summary }));
    return jsonResponse(200, {
      scopes,
      projectId: caller.kind === 'agent-token' ? caller.projectId : null,
      tools,
      endpoints,
    });
  },
});
