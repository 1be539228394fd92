import { toolScope } from '../../lib/mcp/tool-registry';
import { listedToolDefinitions } from '../../lib/mcp/create-mcp-server';
import { agentTools } from '../../lib/mcp/tool-registry';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { routes, type RouteDefinition } from '../../lib/http/route-table';

/** A token reads with `read` (GET, unless the route names another scope) and writes only where the route names the scope it holds. */
function tokenMayCall(route: RouteDefinition, scopes: readonly string[]): boolean {
  if (route.method === 'GET') return scopes.includes(route.tokenScope ?? 'read');
  return route.tokenScope !== undefined && scopes.includes(route.tokenScope);
}

/**
 * GET /api/agent/capabilities: the tools and HTTP endpoints the calling token
 * can use, from the tool registry and the route table. A token reads with
 * `read` (GET endpoints that accept tokens) and writes where the route names a
 * scope it holds; person-only endpoints are left out.
 */
export const getCapabilities: Operation = async ({ caller }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const scopes = caller.kind === 'agent-token' ? caller.scopes : ['read', 'push'];
  const definitions = new Map(listedToolDefinitions().map((t) => [t.name, t]));
  const tools = scopes.includes(toolScope)
    ? agentTools.map((tool) => ({ ...definitions.get(tool.name)!, scope: toolScope, equivalentHttp: tool.equivalentHttp }))
    : [];
  const endpoints = routes
    .filter((r) => r.auth !== 'none')
    .filter((r) => (caller.kind === 'agent-token' ? r.auth === 'token' || (r.auth === 'signed-in' && tokenMayCall(r, scopes)) : r.auth !== 'token'))
    .map((r) => ({ method: r.method, path: r.path, summary: r.summary }));
  return jsonResponse(200, {
    scopes,
    projectId: caller.kind === 'agent-token' ? caller.projectId : null,
    tools,
    endpoints,
  });
};
