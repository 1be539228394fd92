import { endpoints } from '../functions/routes';
import { createEndpointGroupHandler, useServiceRouteTable } from '../lib/http/create-group-handler';
import { functionGroups, type RouteDefinition } from '../lib/http/route-table';
import type { LambdaHandler } from './http-shim';

/**
 * One handler per function group of the route list, built as a function
 * deployment builds it (esbuild.config.mjs), so the shim serves exactly what
 * the bundles serve. A group of the older table still has its
 * `functions/<group>/handler.ts`; esbuild bundles every file this pattern can name.
 */
export async function loadGroupHandlers(table: readonly RouteDefinition[]): Promise<Record<string, LambdaHandler>> {
  useServiceRouteTable(table);
  const handlers: Record<string, LambdaHandler> = {};
  for (const group of functionGroups(table)) {
    const groupEndpoints = endpoints.filter((endpoint) => endpoint.group === group);
    if (groupEndpoints.length > 0) {
      handlers[group] = createEndpointGroupHandler(groupEndpoints, table);
      continue;
    }
    const module = (await import(`../functions/${group}/handler.ts`)) as { handler?: LambdaHandler };
    if (typeof module.handler !== 'function') throw new Error(`functions/${group}/handler.ts exports no handler`);
    handlers[group] = module.handler;
  }
  return handlers;
}
