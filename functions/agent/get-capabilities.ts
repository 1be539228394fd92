import { toolScope } from '../../lib/mcp/tool-registry';
import { listedToolDefinitions } from '../../lib/mcp/create-mcp-server';
import { agentTools } from '../../lib/mcp/tool-registry';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { tokenMayCall } from '../../lib/http/token-access';

/**
 * GET /api/agent/capabilities: the tools and HTTP endpoints the calling token
 * can use, from the tool registry and the route table: for a token, the
 * routes whose token rule (lib/http/token-access.ts, the rule the edge
 * applies) lets it in; person-only endpoints are left out.
 */
export const getCapabilities: Operation = async ({ caller, routes }) => {
  if (!caller) throw HttpProblem.unauthorized();
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
};
