import { endpoints } from '../functions/routes';
import { resolveCaller } from '../lib/features/auth/resolve-caller';
import { createGroupHandler } from '../lib/platform/http/create-group-handler';
import { functionGroups, type RouteDefinition } from '../lib/platform/http/route-definition';
import type { LambdaHandler } from './http-shim';

/**
 * One handler per function group of the route list, made as a function
 * deployment's bundle makes it (esbuild.config.mjs), so the shim serves
 * exactly what the bundles serve.
 */
export function loadGroupHandlers(table: readonly RouteDefinition[]): Record<string, LambdaHandler> {
  const handlers: Record<string, LambdaHandler> = {};
  for (const group of functionGroups(table)) {
    handlers[group] = createGroupHandler(
      endpoints.filter((endpoint) => endpoint.group === group),
      { routeTable: table, resolveCaller },
    );
  }
  return handlers;
}
